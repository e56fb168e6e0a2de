/**
 * A stand-in for Google Calendar API v3 over real HTTP, with Google's request and answer shapes
 * for what the sync reads: `GET /calendar/v3/users/me/calendarList` and
 * `GET /calendar/v3/calendars/{calendarId}/events` (singleEvents, showDeleted, timeMin/timeMax,
 * maxResults, pageToken/nextPageToken, syncToken/nextSyncToken, 410 for an expired sync token,
 * 401 for a bad or revoked access token).
 *
 * Access tokens are checked by asking the token's issuer (`checkToken`, e.g. `introspectAt` the
 * test OpenID provider): the answer's `sub` is the Google account. Each account starts with a
 * primary calendar named after its e-mail address (the test provider's: the login when it has an
 * '@', else login@example.com).
 *
 * Tests change the data through the object's methods or over HTTP (`POST /__control/...`, for
 * browser tests): see `controlRoutes` below.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Google's event time: `dateTime` (RFC 3339) or `date` (all-day, yyyy-mm-dd). */
interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** An event as the fake keeps and answers it (a single event or an instance of a series). */
interface GoogleEvent {
  kind: 'calendar#event';
  id: string;
  etag: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  start: EventTime;
  end: EventTime;
  updated: string;
  recurringEventId?: string;
  originalStartTime?: EventTime;
}

interface EventInput {
  id?: string;
  summary?: string;
  start: EventTime;
  end: EventTime;
}

interface SeriesInput extends EventInput {
  /** A simple rule: every day or every week, `count` times (times in `start.timeZone`). */
  frequency: 'DAILY' | 'WEEKLY';
  count: number;
}

interface Calendar {
  id: string;
  summary: string;
  primary: boolean;
  backgroundColor: string;
  /** Every event ever written (cancelled ones kept as tombstones), by id. */
  events: Map<string, GoogleEvent & { seq: number }>;
  seq: number;
}

interface Account {
  calendars: Map<string, Calendar>;
  revoked: boolean;
}

export interface FakeGoogleCalendar {
  /** e.g. http://127.0.0.1:1234/calendar/v3 (GOOGLE_CALENDAR_API_URL). */
  apiUrl: string;
  /** Adds (or renames) a calendar of an account. */
  addCalendar(account: string, calendar: { id: string; summary: string; color?: string }): void;
  /** Deletes a calendar: listing its events answers 404 from now on. */
  removeCalendar(account: string, calendarId: string): void;
  /** The id of the account's primary calendar (its e-mail address). */
  primaryCalendarId(account: string): string;
  addEvent(account: string, calendarId: string, event: EventInput): GoogleEvent;
  changeEvent(
    account: string,
    calendarId: string,
    eventId: string,
    patch: Partial<EventInput>,
  ): GoogleEvent;
  deleteEvent(account: string, calendarId: string, eventId: string): void;
  /** A recurring series as its instances (what singleEvents=true answers); answers their ids. */
  addSeries(account: string, calendarId: string, series: SeriesInput): string[];
  /** Every sync token handed out so far answers 410 Gone from now on. */
  expireSyncTokens(): void;
  /** The account's grant is withdrawn: every access token of it answers 401. */
  revoke(account: string): void;
  restore(account: string): void;
  /** Requests served (for tests that count calls). */
  requests: { path: string; query: Record<string, string>; account: string }[];
  close(): Promise<void>;
}

/** Answers the Google account (`sub`) of a valid access token, or undefined. */
export type TokenCheck = (accessToken: string) => Promise<string | undefined>;

/** Checks access tokens at an OAuth server's introspection endpoint (RFC 7662). */
export function introspectAt(provider: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): TokenCheck {
  return async (token) => {
    const response = await fetch(`${provider.issuer}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }).toString(),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { active?: boolean; sub?: string; scope?: string };
    if (!body.active || !body.sub) return undefined;
    if (!(body.scope ?? '').split(' ').some((s) => s.includes('/auth/calendar'))) return undefined;
    return body.sub;
  };
}

const DAY_MS = 86_400_000;
const emailOf = (account: string) => (account.includes('@') ? account : `${account}@example.com`);

export async function startFakeGoogleCalendar(options: {
  checkToken: TokenCheck;
  port?: number;
}): Promise<FakeGoogleCalendar> {
  const accounts = new Map<string, Account>();
  /** Sync tokens handed out: calendar and the change number they were issued at. */
  const syncTokens = new Map<string, { account: string; calendarId: string; seq: number }>();
  const requests: FakeGoogleCalendar['requests'] = [];
  let tokenCounter = 0;
  let clockTick = 0;

  const accountOf = (name: string): Account => {
    let account = accounts.get(name);
    if (!account) {
      account = { calendars: new Map(), revoked: false };
      const id = emailOf(name);
      account.calendars.set(id, newCalendar(id, id, true, '#9fe1e7'));
      accounts.set(name, account);
    }
    return account;
  };
  const calendarOf = (account: string, calendarId: string): Calendar => {
    const calendar = accountOf(account).calendars.get(calendarId);
    if (!calendar) throw new FakeError(404, 'Not Found');
    return calendar;
  };
  const updated = () => new Date(Date.UTC(2026, 0, 1) + ++clockTick * 1000).toISOString();
  const write = (calendar: Calendar, event: GoogleEvent): GoogleEvent => {
    calendar.seq += 1;
    const stored = { ...event, etag: `"${calendar.seq}"`, updated: updated() };
    calendar.events.set(event.id, { ...stored, seq: calendar.seq });
    return stored;
  };

  const fake: Omit<FakeGoogleCalendar, 'apiUrl' | 'close'> = {
    requests,
    addCalendar(account, { id, summary, color }) {
      const calendars = accountOf(account).calendars;
      const existing = calendars.get(id);
      if (existing) existing.summary = summary;
      else calendars.set(id, newCalendar(id, summary, false, color ?? '#7bd148'));
    },
    removeCalendar: (account, calendarId) => void accountOf(account).calendars.delete(calendarId),
    primaryCalendarId: (account) => (accountOf(account), emailOf(account)),
    addEvent(account, calendarId, input) {
      const calendar = calendarOf(account, calendarId);
      const id = input.id ?? `ev${++tokenCounter}x${calendar.seq}`;
      return write(calendar, {
        kind: 'calendar#event',
        id,
        etag: '',
        status: 'confirmed',
        summary: input.summary ?? '',
        start: input.start,
        end: input.end,
        updated: '',
      });
    },
    changeEvent(account, calendarId, eventId, patch) {
      const calendar = calendarOf(account, calendarId);
      const event = calendar.events.get(eventId);
      if (!event) throw new FakeError(404, 'Not Found');
      const { seq: _seq, ...rest } = event;
      return write(calendar, { ...rest, ...patch, status: 'confirmed' });
    },
    deleteEvent(account, calendarId, eventId) {
      const calendar = calendarOf(account, calendarId);
      const event = calendar.events.get(eventId);
      const instances = [...calendar.events.values()].filter(
        (e) => e.recurringEventId === eventId && e.status !== 'cancelled',
      );
      const first = instances[0];
      if (event) {
        const { seq: _seq, ...rest } = event;
        write(calendar, { ...rest, status: 'cancelled' });
      } else if (first) {
        // A deleted series: its own event reads as cancelled (as Google lists it).
        write(calendar, {
          kind: 'calendar#event',
          id: eventId,
          etag: '',
          status: 'cancelled',
          start: first.start,
          end: first.end,
          updated: '',
        });
      } else {
        throw new FakeError(404, 'Not Found');
      }
      // A deleted series takes its instances with it.
      for (const instance of instances) {
        const { seq: _s, ...other } = instance;
        write(calendar, { ...other, status: 'cancelled' });
      }
    },
    addSeries(account, calendarId, series) {
      const calendar = calendarOf(account, calendarId);
      const seriesId = series.id ?? `series${++tokenCounter}`;
      const step = series.frequency === 'DAILY' ? 1 : 7;
      const ids: string[] = [];
      for (let i = 0; i < series.count; i++) {
        const start = shift(series.start, i * step);
        const id = `${seriesId}_${instanceSuffix(start)}`;
        ids.push(id);
        write(calendar, {
          kind: 'calendar#event',
          id,
          etag: '',
          status: 'confirmed',
          summary: series.summary ?? '',
          start,
          end: shift(series.end, i * step),
          updated: '',
          recurringEventId: seriesId,
          originalStartTime: start,
        });
      }
      return ids;
    },
    expireSyncTokens: () => syncTokens.clear(),
    revoke: (account) => void (accountOf(account).revoked = true),
    restore: (account) => void (accountOf(account).revoked = false),
  };

  async function api(request: IncomingMessage, url: URL): Promise<unknown> {
    const auth = request.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const account = token ? await options.checkToken(token) : undefined;
    requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      account: account ?? '',
    });
    if (!account || accountOf(account).revoked) throw new FakeError(401, UNAUTHENTICATED);
    const path = url.pathname.replace(/^\/calendar\/v3/, '');
    if (path === '/users/me/calendarList') {
      return {
        kind: 'calendar#calendarList',
        etag: '"list"',
        items: [...accountOf(account).calendars.values()].map((c) => ({
          kind: 'calendar#calendarListEntry',
          id: c.id,
          summary: c.summary,
          backgroundColor: c.backgroundColor,
          accessRole: 'owner',
          ...(c.primary && { primary: true }),
        })),
      };
    }
    const match = /^\/calendars\/([^/]+)\/events$/.exec(path);
    if (!match?.[1]) throw new FakeError(404, 'Not Found');
    return listEvents(account, calendarOf(account, decodeURIComponent(match[1])), url);
  }

  function listEvents(account: string, calendar: Calendar, url: URL): unknown {
    const q = url.searchParams;
    const maxResults = Math.min(Number(q.get('maxResults') ?? 250) || 250, 2500);
    const syncToken = q.get('syncToken');
    if (syncToken && (q.has('timeMin') || q.has('timeMax') || q.has('updatedMin'))) {
      throw new FakeError(400, 'Invalid request: syncToken with timeMin/timeMax.');
    }
    let sinceSeq = 0;
    if (syncToken) {
      const known = syncTokens.get(syncToken);
      if (!known || known.account !== account || known.calendarId !== calendar.id) {
        throw new FakeError(410, 'Sync token is no longer valid, a full sync is required.', {
          reason: 'fullSyncRequired',
        });
      }
      sinceSeq = known.seq;
    }
    if (q.get('singleEvents') !== 'true') {
      throw new FakeError(400, 'This fake answers singleEvents=true only.');
    }
    const showDeleted = syncToken !== null || q.get('showDeleted') === 'true';
    const timeMin = q.has('timeMin') ? Date.parse(q.get('timeMin') ?? '') : -Infinity;
    const timeMax = q.has('timeMax') ? Date.parse(q.get('timeMax') ?? '') : Infinity;
    const all = [...calendar.events.values()]
      .filter((e) => e.seq > sinceSeq)
      .filter((e) => showDeleted || e.status !== 'cancelled')
      .filter((e) => instant(e.end) > timeMin && instant(e.start) < timeMax)
      .sort((a, b) => a.seq - b.seq);
    const page = q.get('pageToken');
    // A page token carries the list's change number at its first page and the offset.
    const [at, offset] = page
      ? (Buffer.from(page, 'base64url').toString().split(':').map(Number) as [number, number])
      : [calendar.seq, 0];
    const items = all.filter((e) => e.seq <= at);
    const slice = items.slice(offset, offset + maxResults);
    const more = offset + maxResults < items.length;
    const body: Record<string, unknown> = {
      kind: 'calendar#events',
      etag: `"${at}"`,
      summary: calendar.summary,
      updated: updated(),
      timeZone: 'UTC',
      accessRole: 'owner',
      items: slice.map(({ seq: _seq, ...event }) => event),
    };
    if (more) {
      body.nextPageToken = Buffer.from(`${at}:${offset + maxResults}`).toString('base64url');
    } else {
      const next = `sync${++tokenCounter}_${at}`;
      syncTokens.set(next, { account, calendarId: calendar.id, seq: at });
      body.nextSyncToken = next;
    }
    return body;
  }

  async function control(request: IncomingMessage, url: URL): Promise<unknown> {
    const parts = url.pathname.split('/').slice(2).map(decodeURIComponent);
    const body = await readJson(request);
    const [what, account = '', sub = '', calendarId = '', sub2 = '', eventId = ''] = parts;
    if (what === 'expire-sync-tokens') return fake.expireSyncTokens();
    if (what !== 'accounts' || !account) throw new FakeError(404, 'Not Found');
    if (sub === 'revoke') return fake.revoke(account);
    if (sub === 'restore') return fake.restore(account);
    if (sub === 'primary') return { id: fake.primaryCalendarId(account) };
    if (sub === 'calendars' && !sub2) {
      return fake.addCalendar(account, body as { id: string; summary: string });
    }
    if (sub === 'calendars' && sub2 === 'events' && !eventId) {
      return fake.addEvent(account, calendarId, body as unknown as EventInput);
    }
    if (sub === 'calendars' && sub2 === 'series') {
      return { ids: fake.addSeries(account, calendarId, body as unknown as SeriesInput) };
    }
    if (sub === 'calendars' && sub2 === 'events' && request.method === 'PATCH') {
      return fake.changeEvent(account, calendarId, eventId, body as Partial<EventInput>);
    }
    if (sub === 'calendars' && sub2 === 'events' && request.method === 'DELETE') {
      return fake.deleteEvent(account, calendarId, eventId);
    }
    throw new FakeError(404, 'Not Found');
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const handle = url.pathname.startsWith('/__control/')
      ? control(request, url)
      : request.method === 'GET' && url.pathname.startsWith('/calendar/v3/')
        ? api(request, url)
        : Promise.reject(new FakeError(404, 'Not Found'));
    handle.then(
      (body) => send(response, 200, body ?? {}),
      (error: unknown) => {
        if (error instanceof FakeError) send(response, error.status, error.body());
        else send(response, 500, { error: { code: 500, message: String(error) } });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    apiUrl: `http://127.0.0.1:${port}/calendar/v3`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const UNAUTHENTICATED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token.';

/** An error in Google's JSON error shape. */
class FakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    private readonly detail: { reason?: string } = {},
  ) {
    super(message);
  }
  body() {
    const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 404: 'NOT_FOUND' }[
      this.status
    ];
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [
          { domain: 'global', reason: this.detail.reason ?? 'invalid', message: this.message },
        ],
        ...(status && { status }),
      },
    };
  }
}

function newCalendar(id: string, summary: string, primary: boolean, color: string): Calendar {
  return { id, summary, primary, backgroundColor: color, events: new Map(), seq: 0 };
}

/** An event time moved by whole days (wall clock kept for dateTime with an offset). */
function shift(time: EventTime, days: number): EventTime {
  if (time.date) {
    const date = new Date(Date.parse(`${time.date}T00:00:00Z`) + days * DAY_MS);
    return { ...time, date: date.toISOString().slice(0, 10) };
  }
  const text = time.dateTime ?? '';
  const offset = /([+-]\d\d:\d\d|Z)$/.exec(text)?.[1] ?? 'Z';
  const moved = new Date(Date.parse(text) + days * DAY_MS);
  if (offset === 'Z') return { ...time, dateTime: moved.toISOString().replace('.000', '') };
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(moved.getTime() + minutes * 60_000).toISOString().slice(0, 19);
  return { ...time, dateTime: `${local}${offset}` };
}

/** Google's instance id suffix: the original start in UTC, 20260301T090000Z (or 20260301). */
function instanceSuffix(time: EventTime): string {
  if (time.date) return time.date.replace(/-/g, '');
  return new Date(Date.parse(time.dateTime ?? ''))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function instant(time: EventTime): number {
  return time.date ? Date.parse(`${time.date}T00:00:00Z`) : Date.parse(time.dateTime ?? '');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}
