/**
 * Google Calendar API v3, as far as the sync reads it: the calendar list and an events listing
 * (singleEvents: recurring events arrive as their instances), all pages, with sync tokens.
 */

/** Google's event time: `dateTime` (RFC 3339) or `date` (all-day, yyyy-mm-dd). */
export interface GoogleEventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleEventItem {
  id?: string;
  status?: string;
  summary?: string;
  start?: GoogleEventTime;
  end?: GoogleEventTime;
  recurringEventId?: string;
}

export interface GoogleCalendarListEntry {
  id: string;
  summary: string;
  backgroundColor: string;
  primary: boolean;
}

export interface EventsListing {
  items: GoogleEventItem[];
  nextSyncToken: string;
  /** The calendar's zone (all-day events without a zone of their own are days there). */
  timeZone: string;
}

/** Google answered 401: the access token (fresh from a refresh) is not accepted. */
export class CalendarUnauthorized extends Error {
  constructor() {
    super('Google Calendar answered 401');
  }
}

/** Google answered 410 Gone: the sync token expired and a full listing is needed. */
export class SyncTokenGone extends Error {
  constructor() {
    super('Google Calendar answered 410: full sync required');
  }
}

/** 2,500 is the most Google hands over per page. */
const PAGE_SIZE = 2500;
/** A listing stops after this many pages (250,000 occurrences): a runaway never loops. */
const MAX_PAGES = 100;
const TIMEOUT_MS = 20_000;

export class GoogleCalendarApi {
  constructor(
    private readonly baseUrl: string,
    private readonly accessToken: string,
  ) {}

  async calendarList(): Promise<GoogleCalendarListEntry[]> {
    const out: GoogleCalendarListEntry[] = [];
    let pageToken = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.get<{ items?: unknown[]; nextPageToken?: string }>(
        '/users/me/calendarList',
        { maxResults: '250', ...(pageToken && { pageToken }) },
      );
      for (const raw of body.items ?? []) {
        const item = raw as Record<string, unknown>;
        if (typeof item.id !== 'string' || item.id === '') continue;
        out.push({
          id: item.id,
          summary: typeof item.summary === 'string' ? item.summary : item.id,
          backgroundColor:
            typeof item.backgroundColor === 'string' && /^#[0-9a-f]{6}$/i.test(item.backgroundColor)
              ? item.backgroundColor.toLowerCase()
              : '',
          primary: item.primary === true,
        });
      }
      if (!body.nextPageToken) return out;
      pageToken = body.nextPageToken;
    }
    return out;
  }

  /**
   * Every page of a calendar's events: with `syncToken` the changes since it (410 throws
   * SyncTokenGone), else the occurrences between `timeMin` and `timeMax`.
   */
  async listEvents(
    calendarId: string,
    window: { syncToken: string } | { timeMin: number; timeMax: number },
  ): Promise<EventsListing> {
    const items: GoogleEventItem[] = [];
    let pageToken = '';
    let timeZone = '';
    const fixed: Record<string, string> = {
      singleEvents: 'true',
      showDeleted: 'true',
      maxResults: String(PAGE_SIZE),
      ...('syncToken' in window
        ? { syncToken: window.syncToken }
        : {
            timeMin: new Date(window.timeMin).toISOString(),
            timeMax: new Date(window.timeMax).toISOString(),
          }),
    };
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.get<{
        items?: GoogleEventItem[];
        nextPageToken?: string;
        nextSyncToken?: string;
        timeZone?: string;
      }>(`/calendars/${encodeURIComponent(calendarId)}/events`, {
        ...fixed,
        ...(pageToken && { pageToken }),
      });
      if (typeof body.timeZone === 'string') timeZone = body.timeZone;
      items.push(...(body.items ?? []));
      if (body.nextPageToken) {
        pageToken = body.nextPageToken;
        continue;
      }
      return { items, nextSyncToken: body.nextSyncToken ?? '', timeZone };
    }
    throw new Error(`Google Calendar listing of more than ${MAX_PAGES} pages`);
  }

  private async get<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}${path}`);
    url.search = new URLSearchParams(query).toString();
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${this.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401) throw new CalendarUnauthorized();
    if (response.status === 410) throw new SyncTokenGone();
    // The status names what failed; the URL (no token in it) is kept out all the same.
    if (!response.ok) throw new Error(`Google Calendar ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }
}
