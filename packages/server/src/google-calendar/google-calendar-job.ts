import type { FastifyBaseLogger } from 'fastify';
import { SecretBox } from '../calendar-sync/secret-box';
import { publishSyncChange } from '../calendar-sync/synced-events';
import type { Database } from '../db/database';
import type { RealtimeHub } from '../realtime/realtime-hub';
import * as repo from './google-calendar-repository';
import { applyGoogleChanges, fetchGoogleChanges, type SyncConfig } from './google-calendar-sync';

/** Users synced per batch, and batches per pass: a pass has a bounded length. */
const BATCH = 25;
const MAX_BATCHES = 8;
/** A failing user waits the interval times 2^(failures-1), at most this long. */
const MAX_BACKOFF_MS = 6 * 3_600_000;

export interface PassDeps {
  config: SyncConfig & { calendarSyncIntervalMs: number };
  realtime: RealtimeHub;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface PassResult {
  synced: number;
  failed: number;
  expired: number;
}

/** When a user who failed `failures` times in a row may be tried again. */
export function retryAt(now: number, failures: number, intervalMs: number): number {
  return now + Math.min(intervalMs * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/**
 * The periodic sync: every user with sync on, a grant Google has not refused, a last sync at
 * least an interval old and no back-off pending, oldest first, in batches. A failure (Google
 * unreachable, a 5xx) backs that user off with a growing delay; a refused grant marks it
 * expired, and the pass skips it until the user connects again.
 */
export async function runGoogleCalendarSyncPass(
  database: Database,
  deps: PassDeps,
  now: number,
): Promise<PassResult> {
  const result: PassResult = { synced: 0, failed: 0, expired: 0 };
  const db = database.db;
  const box = SecretBox.fromConfig(deps.config);
  const interval = deps.config.calendarSyncIntervalMs;
  const seen = new Set<string>();
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const users = (await repo.dueUsers(db, now, now - interval, BATCH)).filter((u) => !seen.has(u));
    if (users.length === 0) break;
    for (const userId of users) {
      seen.add(userId);
      await syncUser(userId);
    }
  }
  return result;

  async function syncUser(userId: string): Promise<void> {
    const grant = await repo.getGrant(db, userId);
    if (!grant || grant.token_expired === 1 || grant.sync_enabled !== 1) return;
    try {
      const fetched = await fetchGoogleChanges(
        deps.config,
        grant,
        await repo.listEntries(db, userId),
        now,
      );
      const applied = await db
        .transaction()
        .execute((trx) => applyGoogleChanges(trx, userId, fetched, now, box));
      if (applied.changed) await publishSyncChange(deps.realtime, userId);
      if (fetched.kind === 'expired') {
        result.expired += 1;
        if (applied.expiredNow) {
          deps.log.warn({ userId, reason: fetched.reason }, 'google calendar grant refused');
        }
      } else {
        result.synced += 1;
      }
    } catch (error) {
      result.failed += 1;
      const failures = grant.failures + 1;
      await repo.updateGrant(db, userId, {
        failures,
        retry_at: retryAt(now, failures, interval),
      });
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn({ userId, failures, reason }, 'google calendar sync failed; backing off');
    }
  }
}
