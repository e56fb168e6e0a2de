/**
 * One sync of a user's Google calendars, in two steps so no transaction waits on Google:
 * `fetchGoogleChanges` (network: refresh the access token, list each chosen calendar's events,
 * incrementally with its sync token or fully) and `applyGoogleChanges` (one transaction: the
 * occurrences written through calendar-sync/synced-events, sync tokens and the grant's state).
 * docs/google-calendar.md
 */
import type { Kysely } from 'kysely';
import { DAY_MS, INPUT_BOUNDS, fromWallClock, isValidTimeZone } from '@planner/core';
import type { Config } from '../config';
import type { Schema } from '../db/schema';
import { SecretBox } from '../calendar-sync/secret-box';
import {
  applySyncedChanges,
  removeSyncedOrigin,
  replaceSyncedEvents,
  type SyncCounts,
  type SyncedEventInput,
} from '../calendar-sync/synced-events';
import { listSyncedOrigins } from '../calendar-sync/synced-events-repository';
import {
  CalendarUnauthorized,
  GoogleCalendarApi,
  SyncTokenGone,
  type EventsListing,
  type GoogleEventItem,
  type GoogleEventTime,
} from './google-calendar-api';
import { GoogleOAuth, GrantRefused, callbackUrl } from './google-oauth';
import * as repo from './google-calendar-repository';
import type { GoogleCalendarEntryRow, GoogleCalendarGrantRow } from './tables';

/** Occurrences kept: from 30 days back to 365 days ahead of the sync. */
const HORIZON_BACK_MS = 30 * DAY_MS;
const HORIZON_AHEAD_MS = 365 * DAY_MS;
/** A calendar is listed in full again after a day, so the horizon slides with the calendar. */
const FULL_LISTING_EVERY_MS = DAY_MS;

const INSTANT_MIN = Date.UTC(1970, 0, 1);
const INSTANT_MAX = Date.UTC(2100, 0, 1);
const MAX_KEY_CHARS = 1024;

const originOf = (calendarId: string) => `google:${calendarId}`;

export type SyncConfig = Pick<
  Config,
  'google' | 'googleCalendarApiUrl' | 'publicUrl' | 'secretKey' | 'dataDir'
>;

interface FetchedCalendar {
  calendarId: string;
  /** A full listing (replaces the origin's occurrences) or changes since the sync token. */
  full: boolean;
  /** Occurrences to add or change (categoryId filled in when applied). */
  upserts: SyncedEventInput[];
  /** Keys of occurrences cancelled, deleted or moved out of the horizon. */
  removals: string[];
  /** Deleted recurring events: every occurrence `{id}_...` goes. */
  removedSeries: string[];
  nextSyncToken: string;
}

export type Fetched =
  | { kind: 'expired'; reason: string }
  | { kind: 'ok'; rotatedRefreshToken: string | undefined; calendars: FetchedCalendar[] };

/** The OAuth client of the configured Google issuer, made once per configuration. */
const clients = new WeakMap<object, GoogleOAuth>();
export function oauthFor(config: SyncConfig): GoogleOAuth | undefined {
  if (!config.google) return undefined;
  let client = clients.get(config.google);
  if (!client) {
    client = new GoogleOAuth(config.google, callbackUrl(config));
    clients.set(config.google, client);
  }
  return client;
}

/**
 * Reads what changed in the user's chosen calendars. Throws on trouble worth retrying (Google
 * unreachable, a 5xx); answers `expired` when Google refuses the grant.
 */
export async function fetchGoogleChanges(
  config: SyncConfig,
  grant: GoogleCalendarGrantRow,
  entries: readonly GoogleCalendarEntryRow[],
  now: number,
): Promise<Fetched> {
  const oauth = oauthFor(config);
  if (!oauth) throw new Error('Google is not configured (GOOGLE_CLIENT_ID)');
  const box = SecretBox.fromConfig(config);
  let accessToken: string;
  let rotatedRefreshToken: string | undefined;
  try {
    const tokens = await oauth.refresh(box.open(grant.refresh_token_sealed));
    accessToken = tokens.accessToken;
    rotatedRefreshToken = tokens.refreshToken;
  } catch (error) {
    if (error instanceof GrantRefused) return { kind: 'expired', reason: 'invalid_grant' };
    throw error;
  }
  const api = new GoogleCalendarApi(config.googleCalendarApiUrl, accessToken);
  const chosen = grant.sync_enabled === 1 ? entries.filter((e) => e.sync_enabled === 1) : [];
  const calendars: FetchedCalendar[] = [];
  try {
    for (const entry of chosen) calendars.push(await fetchCalendar(api, entry, now));
  } catch (error) {
    if (error instanceof CalendarUnauthorized) return { kind: 'expired', reason: '401' };
    throw error;
  }
  return { kind: 'ok', rotatedRefreshToken, calendars };
}

async function fetchCalendar(
  api: GoogleCalendarApi,
  entry: GoogleCalendarEntryRow,
  now: number,
): Promise<FetchedCalendar> {
  const incremental = entry.sync_token !== '' && now - entry.full_synced_at < FULL_LISTING_EVERY_MS;
  let listing: EventsListing | undefined;
  if (incremental) {
    try {
      listing = await api.listEvents(entry.calendar_id, { syncToken: entry.sync_token });
    } catch (error) {
      // 410 Gone: the token expired; this calendar is listed in full instead.
      if (!(error instanceof SyncTokenGone)) throw error;
    }
  }
  const full = listing === undefined;
  listing ??= await api.listEvents(entry.calendar_id, {
    timeMin: now - HORIZON_BACK_MS,
    timeMax: now + HORIZON_AHEAD_MS,
  });
  const fetched: FetchedCalendar = {
    calendarId: entry.calendar_id,
    full,
    upserts: [],
    removals: [],
    removedSeries: [],
    nextSyncToken: listing.nextSyncToken,
  };
  for (const item of listing.items) {
    const key = item.id;
    if (typeof key !== 'string' || key === '' || key.length > MAX_KEY_CHARS) continue;
    const occurrence = item.status === 'cancelled' ? undefined : toOccurrence(item, listing, now);
    if (occurrence) {
      fetched.upserts.push(occurrence);
      continue;
    }
    fetched.removals.push(key);
    // A cancelled event that is not itself an instance may be a whole series.
    if (item.status === 'cancelled' && !item.recurringEventId) fetched.removedSeries.push(key);
  }
  return fetched;
}

/** An event or instance as a synced occurrence; undefined when unusable or past the horizon. */
function toOccurrence(
  item: GoogleEventItem,
  listing: EventsListing,
  now: number,
): SyncedEventInput | undefined {
  const start = timeOf(item.start, listing.timeZone);
  const end = timeOf(item.end, listing.timeZone);
  if (!start || !end || end.ms < start.ms) return undefined;
  if (end.ms <= now - HORIZON_BACK_MS || start.ms >= now + HORIZON_AHEAD_MS) return undefined;
  return {
    syncKey: item.id ?? '',
    title: (item.summary ?? '').slice(0, INPUT_BOUNDS.titleChars),
    start: start.ms,
    end: Math.max(end.ms, start.ms),
    allDay: start.allDay,
    categoryId: '',
    timezone: start.zone,
  };
}

/** A Google time as an instant: all-day dates are midnights in the event's or calendar's zone. */
function timeOf(
  time: GoogleEventTime | undefined,
  calendarZone: string,
): { ms: number; allDay: boolean; zone: string } | undefined {
  if (!time) return undefined;
  const zone = [time.timeZone, calendarZone].find(
    (z): z is string => typeof z === 'string' && z !== '' && z.length <= 64 && isValidTimeZone(z),
  );
  let ms: number;
  let allDay = false;
  if (typeof time.dateTime === 'string') {
    ms = Date.parse(time.dateTime);
  } else if (typeof time.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(time.date)) {
    const [year, month, day] = time.date.split('-').map(Number) as [number, number, number];
    ms = fromWallClock({ year, month, day }, zone ?? 'UTC');
    allDay = true;
  } else {
    return undefined;
  }
  if (!Number.isFinite(ms) || ms < INSTANT_MIN || ms > INSTANT_MAX) return undefined;
  return { ms, allDay, zone: zone ?? '' };
}

export interface Applied extends SyncCounts {
  /** Google refused the grant during this sync (it was fine before). */
  expiredNow: boolean;
  changed: boolean;
}

/**
 * When a sync writes and who asked for it: `cause` is the request id of the person's call
 * ('' for the periodic pass), named by the re-plan the change leads to (docs/plan-stability.md).
 */
interface WriteMoment {
  now: number;
  cause: string;
}

/** One fetched calendar's occurrences written: all of them (a full sync) or the changes. */
async function writeCalendar(
  db: Kysely<Schema>,
  userId: string,
  calendar: FetchedCalendar,
  categoryId: string,
  { now, cause }: WriteMoment,
): Promise<SyncCounts> {
  const origin = originOf(calendar.calendarId);
  const upserts = calendar.upserts.map((e) => ({ ...e, categoryId }));
  if (calendar.full) {
    const change = { source: 'google' as const, origin, events: upserts, now, cause };
    return replaceSyncedEvents(db, userId, change);
  }
  const series = await repo.keysOfSeries(db, userId, origin, calendar.removedSeries);
  return applySyncedChanges(db, userId, {
    source: 'google',
    origin,
    upserts,
    removals: [...new Set([...calendar.removals, ...series])],
    now,
    cause,
  });
}

/**
 * Writes a fetched sync: occurrences per chosen calendar, their sync tokens, origins no longer
 * chosen removed, the grant's state. Run inside a transaction; publish after commit when
 * `changed`. `cause` as in WriteMoment.
 */
export async function applyGoogleChanges(
  db: Kysely<Schema>,
  userId: string,
  fetched: Fetched,
  now: number,
  box: SecretBox,
  cause = '',
): Promise<Applied> {
  const counts: Applied = { added: 0, updated: 0, removed: 0, expiredNow: false, changed: false };
  const grant = await repo.getGrant(db, userId);
  if (!grant) return counts;
  if (fetched.kind === 'expired') {
    counts.expiredNow = grant.token_expired === 0;
    await repo.updateGrant(db, userId, { token_expired: 1, updated_at: now });
    return counts;
  }
  const entries = new Map((await repo.listEntries(db, userId)).map((e) => [e.calendar_id, e]));
  const firstCategory = await repo.firstCategoryId(db, userId);
  const add = (c: SyncCounts) => {
    counts.added += c.added;
    counts.updated += c.updated;
    counts.removed += c.removed;
  };
  for (const calendar of fetched.calendars) {
    const entry = entries.get(calendar.calendarId);
    // Unchosen (or unbound) since the listing began: what it found is not written.
    if (!entry || entry.sync_enabled !== 1 || grant.sync_enabled !== 1) continue;
    const categoryId = entry.category_id || firstCategory;
    add(await writeCalendar(db, userId, calendar, categoryId, { now, cause }));
    await repo.updateEntry(db, userId, calendar.calendarId, {
      sync_token: calendar.nextSyncToken,
      ...(calendar.full && { full_synced_at: now }),
    });
  }
  counts.removed += await removeUnchosenOrigins(db, userId, now, cause);
  await repo.updateGrant(db, userId, {
    synced_at: now,
    failures: 0,
    retry_at: 0,
    updated_at: now,
    ...(fetched.rotatedRefreshToken && {
      refresh_token_sealed: box.seal(fetched.rotatedRefreshToken),
    }),
  });
  counts.changed = counts.added + counts.updated + counts.removed > 0;
  return counts;
}

/**
 * Removes the occurrences of every Google calendar that is not chosen (or sync is off); `cause`
 * as in WriteMoment.
 */
export async function removeUnchosenOrigins(
  db: Kysely<Schema>,
  userId: string,
  now: number,
  cause: string,
): Promise<number> {
  const grant = await repo.getGrant(db, userId);
  const chosen = new Set(
    grant?.sync_enabled === 1
      ? (await repo.listEntries(db, userId))
          .filter((e) => e.sync_enabled === 1)
          .map((e) => originOf(e.calendar_id))
      : [],
  );
  let removed = 0;
  for (const origin of await listSyncedOrigins(db, userId, 'google:')) {
    if (!chosen.has(origin)) removed += await removeSyncedOrigin(db, userId, origin, now, cause);
  }
  return removed;
}
