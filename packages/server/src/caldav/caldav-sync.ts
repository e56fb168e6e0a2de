/**
 * One sync of a CalDAV account (docs/caldav.md): the calendar list refreshed, each busy calendar
 * whose ctag or sync token moved read in the window and stored as synced events (one row per
 * occurrence), then the plan's coming blocks written into the publish calendar. Network work is
 * done between short transactions, never inside one.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Schema } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { planBlocksBetween } from '../timeline/plan-blocks';
import { SecretBox } from '../calendar-sync/secret-box';
import {
  publishSyncChange,
  removeSyncedOrigin,
  replaceSyncedEvents,
  type SyncCounts,
} from '../calendar-sync/synced-events';
import { loadPlanningProfile } from '../accounts/planning-profile';
import {
  CalDavError,
  CalDavErrorKey,
  CalDavSession,
  DEFAULT_LIMITS,
  type ClientLimits,
  type RemoteCalendar,
} from './caldav-client';
import {
  accountCalendars,
  accountsDue,
  deletePublished,
  deleteCalendar,
  findAccount,
  insertCalendars,
  publishedRows,
  savePublished,
  updateAccount,
  updateCalendar,
} from './caldav-repository';
import { blockToIcs, occurrencesOf, PLANNER_UID_SUFFIX, type PublishedBlock } from './icalendar';
import type { CalDavAccountRow, CalDavCalendarRow, CalDavPublishedRow } from './tables';

const DAY = 86_400_000;
/** Busy time is read from 30 days back to 365 days ahead. */
const READ_BACK_MS = 30 * DAY;
const READ_AHEAD_MS = 365 * DAY;
/** The plan is published from now to 30 days ahead. */
const PUBLISH_AHEAD_MS = 30 * DAY;
/** An unchanged calendar (same ctag and sync token) is read again after this (the window moves). */
const REREAD_UNCHANGED_MS = DAY;
/** The longest wait after failures in a row. */
const MAX_BACKOFF_MS = DAY;
/** Never, for the periodic pass: a wrong password waits for the user. */
export const NEVER = 8_640_000_000_000_000;

export interface SyncDeps {
  db: Kysely<Schema>;
  config: Pick<
    Config,
    'secretKey' | 'dataDir' | 'caldavAllowPrivateHosts' | 'calendarSyncIntervalMs'
  >;
  realtime: RealtimeHub;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Test hook: other time and size limits. */
  limits?: Partial<ClientLimits>;
}

export interface SyncResult extends SyncCounts {
  published: number;
  unpublished: number;
  syncedAt: number;
}

export const originOf = (accountId: string, calendarUrl: string) =>
  `caldav:${accountId}:${calendarUrl}`;

export function limitsOf(deps: Pick<SyncDeps, 'config' | 'limits'>): ClientLimits {
  return {
    ...DEFAULT_LIMITS,
    allowPrivateHosts: deps.config.caldavAllowPrivateHosts,
    ...deps.limits,
  };
}

/** A sync's work is one at a time per account in this process (the job and a click together). */
const running = new Map<string, Promise<unknown>>();

function serialized<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const next = before.catch(() => undefined).then(run);
  running.set(key, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (running.get(key) === next) running.delete(key);
    });
  return next;
}

async function openSession(
  deps: Pick<SyncDeps, 'config' | 'limits'>,
  account: Pick<CalDavAccountRow, 'server_url' | 'username' | 'password_sealed'>,
): Promise<CalDavSession> {
  const password = SecretBox.fromConfig(deps.config).open(account.password_sealed);
  return CalDavSession.open(account.server_url, account.username, password, limitsOf(deps));
}

/**
 * Syncs one account now. A CalDavError is recorded on the account (a wrong password stops the
 * periodic pass until the user gives a new one; other failures back off) and thrown again.
 * `cause` is the request id of the person's call that asked for it ('' for the periodic pass):
 * the re-plan the synced events lead to names it (docs/plan-stability.md).
 */
export function syncAccount(
  deps: SyncDeps,
  userId: string,
  accountId: string,
  now: number,
  cause = '',
): Promise<SyncResult> {
  return serialized(`${userId}\u0000${accountId}`, () =>
    runSync(deps, userId, accountId, now, cause),
  );
}

async function runSync(
  deps: SyncDeps,
  userId: string,
  accountId: string,
  now: number,
  cause: string,
): Promise<SyncResult> {
  const { db } = deps;
  const account = await findAccount(db, userId, accountId);
  if (!account) throw new CalDavError('notFound', 'account gone');
  const result: SyncResult = {
    added: 0,
    updated: 0,
    removed: 0,
    published: 0,
    unpublished: 0,
    syncedAt: now,
  };
  let changed = false;
  try {
    const session = await openSession(deps, account);
    const remote = await session.calendars();
    changed = (await refreshCalendars(db, userId, accountId, remote, now, cause)) || changed;
    const calendars = await accountCalendars(db, userId, accountId);
    const versions = new Map(remote.map((c) => [c.url, c.version]));
    const { timezone } = await loadPlanningProfile(db, userId, now);
    for (const calendar of calendars) {
      if (calendar.sync_enabled !== 1 || calendar.publish === 1) continue;
      const version = versions.get(calendar.calendar_url) ?? '';
      const fresh = now - Number(calendar.synced_at) < REREAD_UNCHANGED_MS;
      if (version !== '|' && version === calendar.synced_version && fresh) continue;
      const objects = await session.objects(
        calendar.calendar_url,
        now - READ_BACK_MS,
        now + READ_AHEAD_MS,
      );
      const byKey = new Map<string, ReturnType<typeof occurrencesOf>[number]>();
      for (const object of objects) {
        for (const o of occurrencesOf(
          object.data,
          now - READ_BACK_MS,
          now + READ_AHEAD_MS,
          timezone,
        ))
          byKey.set(o.syncKey, o);
      }
      const events = [...byKey.values()].map((o) => ({ ...o, categoryId: calendar.category_id }));
      const counts = await db.transaction().execute(async (trx) => {
        const c = await replaceSyncedEvents(trx, userId, {
          source: 'caldav',
          origin: originOf(accountId, calendar.calendar_url),
          events,
          now,
          cause,
        });
        await updateCalendar(trx, userId, accountId, calendar.calendar_url, {
          synced_version: version,
          synced_at: now,
        });
        return c;
      });
      result.added += counts.added;
      result.updated += counts.updated;
      result.removed += counts.removed;
      changed ||= counts.added + counts.updated + counts.removed > 0;
    }
    const target = calendars.find((c) => c.publish === 1);
    const published = await publish(deps, session, account, target?.calendar_url, now);
    result.published = published.published;
    result.unpublished = published.unpublished;
    changed ||= published.planChanged;
    await updateAccount(db, userId, accountId, {
      error: '',
      failures: 0,
      last_synced_at: now,
      next_sync_at: now + deps.config.calendarSyncIntervalMs,
      updated_at: now,
    });
  } catch (error) {
    const failure =
      error instanceof CalDavError
        ? error
        : new CalDavError(CalDavErrorKey.cannotSync, error instanceof Error ? error.message : '');
    await recordFailure(deps, account, failure, now);
    if (changed) await publishSyncChange(deps.realtime, userId);
    throw failure;
  }
  if (changed) await publishSyncChange(deps.realtime, userId);
  return result;
}

async function recordFailure(
  deps: SyncDeps,
  account: CalDavAccountRow,
  failure: CalDavError,
  now: number,
): Promise<void> {
  const failures = account.failures + 1;
  const wrongPassword = failure.key === CalDavErrorKey.wrongPassword;
  const backoff = Math.min(
    MAX_BACKOFF_MS,
    deps.config.calendarSyncIntervalMs * 2 ** Math.min(failures, 10),
  );
  const key = Object.values(CalDavErrorKey).includes(failure.key as never)
    ? failure.key
    : CalDavErrorKey.cannotSync;
  deps.log.warn(
    { accountId: account.account_id, error: key, detail: failure.message, failures },
    'CalDAV sync failed',
  );
  await updateAccount(deps.db, account.user_id, account.account_id, {
    error: key,
    failures,
    next_sync_at: wrongPassword ? NEVER : now + backoff,
    updated_at: now,
  });
}

/**
 * Brings the stored calendar list in line with the server's: new calendars are added (not read
 * until chosen), names and colours follow the server, vanished ones go with their events.
 * Answers whether synced events were removed.
 */
async function refreshCalendars(
  db: Kysely<Schema>,
  userId: string,
  accountId: string,
  remote: readonly RemoteCalendar[],
  now: number,
  cause: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stored = new Map(
      (await accountCalendars(trx, userId, accountId)).map((c) => [c.calendar_url, c]),
    );
    const fresh: CalDavCalendarRow[] = [];
    let removed = false;
    for (const [position, calendar] of remote.entries()) {
      const row = stored.get(calendar.url);
      if (!row) fresh.push(newCalendarRow(userId, accountId, calendar, position));
      else if (
        row.title !== calendar.title ||
        row.color !== calendar.color ||
        row.position !== position
      )
        await updateCalendar(trx, userId, accountId, calendar.url, {
          title: calendar.title,
          color: calendar.color,
          position,
        });
    }
    await insertCalendars(trx, fresh);
    const present = new Set(remote.map((c) => c.url));
    for (const row of stored.values()) {
      if (present.has(row.calendar_url)) continue;
      await deleteCalendar(trx, userId, accountId, row.calendar_url);
      const origin = originOf(accountId, row.calendar_url);
      removed = (await removeSyncedOrigin(trx, userId, origin, now, cause)) > 0 || removed;
    }
    return removed;
  });
}

export function newCalendarRow(
  userId: string,
  accountId: string,
  calendar: RemoteCalendar,
  position: number,
): CalDavCalendarRow {
  return {
    user_id: userId,
    account_id: accountId,
    calendar_url: calendar.url,
    title: calendar.title,
    color: calendar.color,
    position,
    sync_enabled: 0,
    category_id: '',
    publish: 0,
    synced_version: '',
    synced_at: 0,
  };
}

/** `{taskId}-{n}@planner` for the n-th coming block of each task, in start order. */
function desiredBlocks(
  blocks: readonly { taskId: string; title: string; start: number; end: number }[],
): PublishedBlock[] {
  const seen = new Map<string, number>();
  const out: PublishedBlock[] = [];
  for (const block of [...blocks].sort((a, b) => a.start - b.start)) {
    const n = seen.get(block.taskId) ?? 0;
    seen.set(block.taskId, n + 1);
    out.push({
      uid: `${block.taskId}-${n}${PLANNER_UID_SUFFIX}`,
      title: block.title,
      start: block.start,
      end: block.end,
    });
  }
  return out;
}

const fileNameOf = (uid: string) => `${uid.replace(/[^A-Za-z0-9_.-]/g, '_')}.ics`;
const ok = (status: number) => status >= 200 && status < 300;

/**
 * Writes the plan's blocks of the next 30 days into `calendarUrl` (none: removes what was
 * published): new UIDs created with If-None-Match, moved or renamed blocks updated with
 * If-Match (a 412 re-reads the ETag and tries once more), dropped ones deleted.
 */
/** The plan's task blocks still to come within PUBLISH_AHEAD_MS, as published. */
function blocksToPublish(
  db: SyncDeps['db'],
  userId: string,
  now: number,
): Promise<{ desired: PublishedBlock[]; planChanged: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { blocks, changed } = await planBlocksBetween(
      trx,
      userId,
      now,
      now,
      now + PUBLISH_AHEAD_MS,
    );
    return {
      desired: desiredBlocks(blocks.filter((b) => b.end > now && b.taskId !== '')),
      planChanged: changed,
    };
  });
}

async function publish(
  deps: SyncDeps,
  session: CalDavSession,
  account: CalDavAccountRow,
  calendarUrl: string | undefined,
  now: number,
): Promise<{ published: number; unpublished: number; planChanged: boolean }> {
  const { db } = deps;
  const userId = account.user_id;
  const accountId = account.account_id;
  const { desired, planChanged } = calendarUrl
    ? await blocksToPublish(db, userId, now)
    : { desired: [] as PublishedBlock[], planChanged: false };
  const stored = new Map((await publishedRows(db, userId, accountId)).map((r) => [r.uid, r]));
  let published = 0;
  let unpublished = 0;

  for (const block of desired) {
    const row = stored.get(block.uid);
    stored.delete(block.uid);
    if (
      row &&
      row.calendar_url === calendarUrl &&
      row.title === block.title &&
      Number(row.start_ms) === block.start &&
      Number(row.end_ms) === block.end
    )
      continue;
    if (row && row.calendar_url !== calendarUrl) {
      unpublished += await removeRemote(session, row);
      await deletePublished(db, userId, accountId, row.uid);
    }
    const target = calendarUrl ?? '';
    const ics = blockToIcs(block, now);
    const sameCalendar = row && row.calendar_url === calendarUrl;
    const written = sameCalendar
      ? await writeExisting(session, target, row.href, ics, row.etag)
      : await writeNew(session, target, fileNameOf(block.uid), ics);
    await savePublished(db, {
      user_id: userId,
      account_id: accountId,
      uid: block.uid,
      calendar_url: target,
      href: written.href,
      etag: written.etag,
      title: block.title,
      start_ms: block.start,
      end_ms: block.end,
      updated_at: now,
    });
    published += 1;
  }
  for (const row of stored.values()) {
    unpublished += await removeRemote(session, row);
    await deletePublished(db, userId, accountId, row.uid);
  }
  return { published, unpublished, planChanged };
}

function failed(what: string, status: number): CalDavError {
  return new CalDavError(CalDavErrorKey.cannotSync, `${what} answered ${status}`);
}

/** Creates the object; when it exists already (a run cut short), updates it instead. */
async function writeNew(
  session: CalDavSession,
  calendarUrl: string,
  fileName: string,
  ics: string,
): Promise<{ href: string; etag: string }> {
  const href = new URL(fileName, calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`).href;
  const created = await session.create(calendarUrl, fileName, ics);
  if (ok(created.status))
    return { href, etag: created.etag || ((await session.etagOf(calendarUrl, href)) ?? '') };
  if (created.status !== 412) throw failed('PUT', created.status);
  const etag = await session.etagOf(calendarUrl, href);
  if (etag === undefined) throw failed('PUT', created.status);
  return writeExisting(session, calendarUrl, href, ics, etag);
}

/** Updates with If-Match; a 412 (changed meanwhile) re-reads the ETag and tries once more. */
async function writeExisting(
  session: CalDavSession,
  calendarUrl: string,
  href: string,
  ics: string,
  etag: string,
): Promise<{ href: string; etag: string }> {
  let answer = await session.update(href, ics, etag);
  if (answer.status === 412) {
    const current = await session.etagOf(calendarUrl, href);
    if (current === undefined) return writeNewAt(session, calendarUrl, href, ics);
    answer = await session.update(href, ics, current);
  }
  if (answer.status === 404) return writeNewAt(session, calendarUrl, href, ics);
  if (!ok(answer.status)) throw failed('PUT', answer.status);
  return { href, etag: answer.etag || ((await session.etagOf(calendarUrl, href)) ?? '') };
}

/** The object vanished at the server (someone deleted it): made again at its href. */
async function writeNewAt(
  session: CalDavSession,
  calendarUrl: string,
  href: string,
  ics: string,
): Promise<{ href: string; etag: string }> {
  const fileName = decodeURIComponent(new URL(href).pathname.split('/').pop() ?? '');
  const created = await session.create(calendarUrl, fileName, ics);
  if (!ok(created.status)) throw failed('PUT', created.status);
  return { href, etag: created.etag || ((await session.etagOf(calendarUrl, href)) ?? '') };
}

/** Deletes a published object with If-Match; gone already counts as removed. */
async function removeRemote(session: CalDavSession, row: CalDavPublishedRow): Promise<number> {
  let status = await session.remove(row.href, row.etag);
  if (status === 412) {
    const current = await session.etagOf(row.calendar_url, row.href);
    if (current === undefined) return 1;
    status = await session.remove(row.href, current);
  }
  if (ok(status) || status === 404) return 1;
  throw failed('DELETE', status);
}

/** Removes everything published for an account from its server (the account is going). */
export async function unpublishAll(
  deps: Pick<SyncDeps, 'config' | 'limits' | 'db'>,
  account: CalDavAccountRow,
): Promise<number> {
  const rows = await publishedRows(deps.db, account.user_id, account.account_id);
  if (rows.length === 0) return 0;
  const session = await openSession(deps, account);
  let removed = 0;
  for (const row of rows) removed += await removeRemote(session, row);
  return removed;
}

/**
 * The periodic pass: accounts due (their `next_sync_at` passed), a batch at a time. A failure
 * is recorded on its account and does not stop the others. Answers how many were synced.
 */
export async function syncDueAccounts(deps: SyncDeps, now: number, batch = 20): Promise<number> {
  const due = await accountsDue(deps.db, now, batch);
  for (const { user_id, account_id } of due) {
    try {
      await syncAccount(deps, user_id, account_id, now);
    } catch {
      // Recorded on the account (error key and backoff) by syncAccount.
    }
  }
  return due.length;
}
