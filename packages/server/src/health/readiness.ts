import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Schema } from '../db/schema';
import { migrations } from '../db/migrations/index';
import { countAppliedMigrations, pingDatabase } from './readiness-repository';

/** Why a node is not ready, as /readyz tells it (no detail of the database's own error). */
export type NotReady = 'draining' | 'database unreachable' | 'migrations pending';

/** How long /readyz waits for the database before calling it unreachable. */
const DATABASE_CHECK_MS = 2000;

/**
 * Whether this node should be given requests. A load balancer asks /readyz every second or so;
 * on SIGTERM the node starts draining: /readyz answers 503 at once, while calls keep being
 * answered until the balancer has stopped sending new ones (DRAIN_SECONDS), and only then does
 * the node stop accepting.
 */
export class Readiness {
  private drainingSince: number | undefined;
  private migrated = false;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  /**
   * Undefined when ready, else the first reason it is not. A pool whose every connection is at
   * work shows the database answering: the probe, which would queue behind the calls, is
   * skipped then, so a node under heavy load is not taken for one whose database is gone (a
   * balancer would otherwise take every busy node out at once).
   */
  async check(db: Kysely<Schema>, pool?: pg.Pool): Promise<NotReady | undefined> {
    if (this.draining) return 'draining';
    const busy = pool !== undefined && pool.totalCount > 0 && pool.idleCount === 0;
    if (!busy) {
      try {
        await withTimeout(pingDatabase(db), DATABASE_CHECK_MS);
      } catch {
        return 'database unreachable';
      }
    }
    if (!this.migrated) {
      // Once they have all run they stay run: later checks skip this round trip.
      const applied = await withTimeout(
        countAppliedMigrations(db, Object.keys(migrations)),
        DATABASE_CHECK_MS,
      ).catch(() => 0);
      this.migrated = applied >= Object.keys(migrations).length;
    }
    return this.migrated ? undefined : 'migrations pending';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
