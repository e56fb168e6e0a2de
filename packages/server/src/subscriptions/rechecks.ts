import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import type { ServiceDeps } from '../service-deps';
import { PurchaseRejected } from './store-verdict';
import { createStores, recheck, type Stores } from './stores';
import { applyVerdict, rowsDue } from './subscriptions-repository';

const HOUR = 3600 * 1000;
/** Active subscriptions ending within this are asked about (a renewal shows a day ahead). */
const RECHECK_AHEAD_MS = 24 * HOUR;
/** A row is asked at most this often. */
const RECHECK_EVERY_MS = 6 * HOUR;
const BATCH = 50;

/**
 * One pass of the periodic re-verification: active subscriptions near or past their end, not
 * asked recently, are asked again; a renewal moves the end, a refund or lapse deactivates. A
 * store that cannot be reached leaves the row as it was (its end still ends it). Answers how
 * many rows were asked.
 */
export async function recheckDueSubscriptions(
  db: Kysely<Schema>,
  stores: Stores,
  now: number,
  log: FastifyBaseLogger,
): Promise<number> {
  const due = await rowsDue(db, now + RECHECK_AHEAD_MS, now - RECHECK_EVERY_MS, BATCH);
  for (const row of due) {
    try {
      const verdict = await recheck(stores, row, now);
      if (verdict) await applyVerdict(db, row, verdict, now);
    } catch (error) {
      if (error instanceof PurchaseRejected) {
        await applyVerdict(db, row, lapsedVerdict(row), now);
      } else {
        log.warn({ err: error }, 'subscription re-check failed; kept as it was');
      }
    }
  }
  return due.length;
}

function lapsedVerdict(row: { store: string; purchase_key: string; expires_at: number }) {
  return {
    store: row.store === 'app_store' ? ('app_store' as const) : ('google_play' as const),
    productId: '',
    purchaseKey: row.purchase_key,
    expiresAt: Number(row.expires_at),
    entitled: false,
  };
}

/**
 * Runs a pass every `intervalMs` in this process (SQLite installs have one). Answers a stop
 * function for shutdown. On PostgreSQL with several workers the pass belongs on the job queue
 * instead (docs/subscriptions.md), so two processes never ask the store about the same row.
 */
export function startSubscriptionRechecks(options: {
  db: Kysely<Schema>;
  stores: Stores;
  now: () => number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheckDueSubscriptions(options.db, options.stores, options.now(), options.log)
      .catch((error: unknown) => options.log.error({ err: error }, 'subscription re-checks failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Starts the periodic pass with the server when a store is configured, and stops it on close.
 * SQLite installs run one process; on PostgreSQL with several workers each runs it, which only
 * means a row may be asked twice (the answer is the same): the job queue is the better home there.
 */
export function registerSubscriptionRechecks(
  app: FastifyInstance,
  deps: ServiceDeps & { database: Database },
): void {
  if (!deps.config.googlePlay && !deps.config.appStore) return;
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = startSubscriptionRechecks({
      db: deps.database.db,
      stores: createStores(deps.config),
      now: () => deps.clock.now(),
      log: deps.log,
    });
  });
  app.addHook('onClose', async () => stop?.());
}
