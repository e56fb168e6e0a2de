/**
 * The CalDAV server the user names, reached through tsdav's DAVClient (Basic auth with the app
 * password). Every request goes through `guardedFetch`: http(s) only, no redirects followed,
 * a time limit and a size cap on each answer and, unless CALDAV_ALLOW_PRIVATE_HOSTS, no
 * connection to a loopback, private, link-local or unspecified address (checked on the
 * addresses the connection really uses, so DNS cannot answer differently later).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DAVClient, type DAVCalendar } from 'tsdav';
import {
  guardedLookup,
  hostOf,
  isRefusedHostName,
  PRIVATE_ADDRESS_REFUSED,
} from '../net/private-hosts';

/** The message keys a CalDAV failure answers with (the account's `error`, or the call's). */
export const CalDavErrorKey = {
  /** 401/403: the server refused the user name or app password. No retry until a new one. */
  wrongPassword: 'calendar.wrongPassword',
  /** The server could not be reached, answered an error, or too much. Retried with backoff. */
  cannotSync: 'calendar.cannotSync',
  /** Not an http(s) URL, or longer than allowed. */
  invalidServerUrl: 'calendar.invalidServerUrl',
  /** The URL names a loopback, private, link-local or unspecified address. */
  privateServer: 'calendar.privateServer',
  /** The server answered, but no calendar with events was found there. */
  noCalendars: 'calendar.noCalendars',
  /** One calendar cannot both be read as busy time and receive the plan. */
  publishIntoBusy: 'calendar.publishIntoBusyCalendar',
  /** At most one calendar of an account receives the plan. */
  onePublishCalendar: 'calendar.onePublishCalendar',
} as const;

export class CalDavError extends Error {
  override name = 'CalDavError';
  constructor(
    readonly key: string,
    /** For the log only: never the password. */
    detail: string,
  ) {
    super(`${key}: ${detail}`);
  }
}

export interface ClientLimits {
  allowPrivateHosts: boolean;
  /** Each request, from sending to the answer's last byte. */
  timeoutMs: number;
  /** Each answer's body. */
  maxResponseBytes: number;
}

export const DEFAULT_LIMITS: Omit<ClientLimits, 'allowPrivateHosts'> = {
  timeoutMs: 15_000,
  maxResponseBytes: 20 * 1024 * 1024,
};

/** At most this many objects are read from one calendar per sync. */
const MAX_OBJECTS_PER_CALENDAR = 5_000;
export const MAX_SERVER_URL = 500;

/** The server URL as typed, checked: http(s), bounded, no credentials in it. */
export function checkServerUrl(text: string, allowPrivateHosts: boolean): string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_SERVER_URL)
    throw new CalDavError(CalDavErrorKey.invalidServerUrl, 'empty or too long');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new CalDavError(CalDavErrorKey.invalidServerUrl, 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CalDavError(CalDavErrorKey.invalidServerUrl, 'not http(s)');
  if (url.username || url.password)
    throw new CalDavError(CalDavErrorKey.invalidServerUrl, 'credentials in the URL');
  if (isRefusedHostName(hostOf(url), allowPrivateHosts ? 'all' : 'none'))
    throw new CalDavError(CalDavErrorKey.privateServer, 'private host');
  url.hash = '';
  return url.href;
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function bodyOf(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new Error('unsupported request body');
}

/** What a guarded fetch saw: a 401/403 anywhere means the password was refused. */
export interface FetchWatch {
  /** A 401 was answered. */
  authRefused: boolean;
  /** A 403 was answered (a refused sign-in on some servers, a read-only calendar on others). */
  forbidden: boolean;
  privateRefused: boolean;
}

/** A node answer as fetch's Response (a status fetch cannot hold becomes 502). */
function fetchResponseOf(response: IncomingMessage, status: number, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const nullBody = status === 204 || status === 304 || status < 200;
  return new Response(nullBody ? null : body, {
    status: status < 200 || status > 599 ? 502 : status,
    statusText: response.statusMessage ?? '',
    headers,
  });
}

/**
 * A fetch for tsdav over node:http(s), with the limits above. Redirects are answered as they
 * are (tsdav reads the .well-known one itself); anything else that redirects fails.
 */
function guardedFetch(limits: ClientLimits, watch: FetchWatch): typeof fetch {
  const guarded = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return Promise.reject(new CalDavError(CalDavErrorKey.invalidServerUrl, 'not http(s)'));
    if (isRefusedHostName(hostOf(url), limits.allowPrivateHosts ? 'all' : 'none')) {
      watch.privateRefused = true;
      return Promise.reject(new CalDavError(CalDavErrorKey.privateServer, 'private host'));
    }
    const body = bodyOf(init?.body);
    const headers = headersOf(init);
    if (body) headers['content-length'] = String(body.length);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const request = send(
        url,
        {
          method: init?.method ?? 'GET',
          headers,
          ...(limits.allowPrivateHosts ? {} : { lookup: guardedLookup('none') }),
        },
        (response: IncomingMessage) => {
          const parts: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxResponseBytes) {
              request.destroy(new CalDavError(CalDavErrorKey.cannotSync, 'answer too large'));
              return;
            }
            parts.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            clearTimeout(timer);
            const status = response.statusCode ?? 500;
            if (status === 401) watch.authRefused = true;
            if (status === 403) watch.forbidden = true;
            resolve(fetchResponseOf(response, status, Buffer.concat(parts)));
          });
        },
      );
      const timer = setTimeout(
        () => request.destroy(new CalDavError(CalDavErrorKey.cannotSync, 'timed out')),
        limits.timeoutMs,
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error.code === PRIVATE_ADDRESS_REFUSED) watch.privateRefused = true;
        reject(error);
      });
      if (body) request.write(body);
      request.end();
    });
  };
  return guarded as typeof fetch;
}

export interface RemoteCalendar {
  url: string;
  title: string;
  /** #rrggbb or ''. */
  color: string;
  /** ctag and sync token: changes whenever an object of the calendar does. */
  version: string;
}

export interface RemoteObject {
  url: string;
  etag: string;
  data: string;
}

function colorOf(value: unknown): string {
  const match = typeof value === 'string' ? /^#([0-9a-f]{6})/i.exec(value.trim()) : null;
  return match ? `#${(match[1] ?? '').toLowerCase()}` : '';
}

function titleOf(calendar: DAVCalendar): string {
  const name = typeof calendar.displayName === 'string' ? calendar.displayName.trim() : '';
  if (name) return name.slice(0, 200);
  const path = new URL(calendar.url).pathname.split('/').filter(Boolean);
  return decodeURIComponent(path[path.length - 1] ?? calendar.url).slice(0, 200);
}

/** A signed-in connection to one account's server. */
export class CalDavSession {
  private calendarsByUrl = new Map<string, DAVCalendar>();

  private constructor(
    private readonly client: DAVClient,
    private readonly watch: FetchWatch,
  ) {}

  /** Discovers the principal and calendar home; a refused password throws wrongPassword. */
  static async open(
    serverUrl: string,
    username: string,
    password: string,
    limits: ClientLimits,
  ): Promise<CalDavSession> {
    const watch: FetchWatch = { authRefused: false, forbidden: false, privateRefused: false };
    const client = new DAVClient({
      serverUrl,
      credentials: { username, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: guardedFetch(limits, watch),
    });
    const session = new CalDavSession(client, watch);
    await session.guard('sign in', () => client.login());
    return session;
  }

  /** Runs a tsdav call and turns what went wrong into a CalDavError with its key. */
  private async guard<T>(what: string, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      throw this.failure(what, error);
    }
    if (this.refused(what)) throw new CalDavError(CalDavErrorKey.wrongPassword, what);
    return result;
  }

  private refused(what: string): boolean {
    return this.watch.authRefused || (what === 'sign in' && this.watch.forbidden);
  }

  private failure(what: string, error: unknown): CalDavError {
    if (this.refused(what)) return new CalDavError(CalDavErrorKey.wrongPassword, what);
    if (this.watch.privateRefused) return new CalDavError(CalDavErrorKey.privateServer, what);
    if (error instanceof CalDavError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new CalDavError(CalDavErrorKey.cannotSync, `${what}: ${message.slice(0, 200)}`);
  }

  /** The calendars that hold events (VEVENT), in the server's order. */
  async calendars(): Promise<RemoteCalendar[]> {
    const calendars = await this.guard('list calendars', () => this.client.fetchCalendars());
    const withEvents = calendars.filter(
      (c) => !c.components || c.components.length === 0 || c.components.includes('VEVENT'),
    );
    this.calendarsByUrl = new Map(withEvents.map((c) => [c.url, c]));
    return withEvents.slice(0, 100).map((c) => ({
      url: c.url,
      title: titleOf(c),
      color: colorOf(c.calendarColor),
      version: `${c.ctag ?? ''}|${c.syncToken ?? ''}`,
    }));
  }

  private calendar(url: string): DAVCalendar {
    return this.calendarsByUrl.get(url) ?? { url };
  }

  /** The objects with an event in [start, end) (the server applies recurrences). */
  async objects(calendarUrl: string, start: number, end: number): Promise<RemoteObject[]> {
    const objects = await this.guard('read events', () =>
      this.client.fetchCalendarObjects({
        calendar: this.calendar(calendarUrl),
        timeRange: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
      }),
    );
    return objects
      .filter((o) => typeof o.data === 'string' && o.data.length > 0)
      .slice(0, MAX_OBJECTS_PER_CALENDAR)
      .map((o) => ({ url: o.url, etag: o.etag ?? '', data: o.data as string }));
  }

  /** The current ETag of one object, or undefined when it is gone. */
  async etagOf(calendarUrl: string, href: string): Promise<string | undefined> {
    const objects = await this.guard('read an event', () =>
      this.client.fetchCalendarObjects({
        calendar: this.calendar(calendarUrl),
        objectUrls: [href],
      }),
    );
    const found = objects.find((o) => o.url === href && o.data);
    return found ? (found.etag ?? '') : undefined;
  }

  /** PUT with If-None-Match: * (never overwrites). Answers the status and the new ETag. */
  async create(calendarUrl: string, filename: string, ics: string) {
    const response = await this.guard('publish', () =>
      this.client.createCalendarObject({
        calendar: this.calendar(calendarUrl),
        iCalString: ics,
        filename,
      }),
    );
    return { status: response.status, etag: response.headers.get('etag') ?? '' };
  }

  /** PUT with If-Match: the object's ETag (412 when someone else changed it). */
  async update(href: string, ics: string, etag: string) {
    const response = await this.guard('publish', () =>
      this.client.updateCalendarObject({ calendarObject: { url: href, data: ics, etag } }),
    );
    return { status: response.status, etag: response.headers.get('etag') ?? '' };
  }

  /** DELETE with If-Match. Answers the status. */
  async remove(href: string, etag: string): Promise<number> {
    const response = await this.guard('unpublish', () =>
      this.client.deleteCalendarObject({ calendarObject: { url: href, etag } }),
    );
    return response.status;
  }
}
