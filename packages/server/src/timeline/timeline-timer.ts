import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Schema } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { publishChange } from '../realtime/publish-change';
import { findState } from '../plan-store/timeline-repository';
import { openTimeline, saveTimeline } from './timeline-session';

/** Timers re-check at least this often: a clock that jumps (tests, sleep) is noticed. */
const MAX_DELAY_MS = 60_000;

interface Watch {
  streams: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  unsubscribe: () => void;
}

/**
 * Advances the timeline of users with an open stream when their next transition is due (a
 * session starts, ends or is extended) and tells their devices, so nobody has to poll for it.
 */
export class TimelineTimer {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly hub: RealtimeHub,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  watch(userId: string): () => void {
    const existing = this.watches.get(userId);
    if (existing) existing.streams += 1;
    else {
      // Any change of the user's data may move the next transition: schedule again.
      const unsubscribe = this.hub.subscribe(userId, () => void this.schedule(userId));
      this.watches.set(userId, { streams: 1, timer: undefined, unsubscribe });
      void this.schedule(userId);
    }
    let active = true;
    return () => {
      if (active) this.unwatch(userId);
      active = false;
    };
  }

  private unwatch(userId: string): void {
    const watch = this.watches.get(userId);
    if (!watch) return;
    watch.streams -= 1;
    if (watch.streams > 0) return;
    clearTimeout(watch.timer);
    watch.unsubscribe();
    this.watches.delete(userId);
  }

  private async schedule(userId: string): Promise<void> {
    try {
      const watch = this.watches.get(userId);
      if (!watch) return;
      const now = this.clock.now();
      // No state row: the account was deleted (its streams are closing). Nothing to plan, and
      // creating the row here would bring a row of a deleted account back.
      const state = await findState(this.db, userId, false);
      if (!state) return;
      clearTimeout(watch.timer);
      const delay = Math.max(0, Math.min(state.nextTransitionAt - now, MAX_DELAY_MS));
      watch.timer = setTimeout(() => void this.run(userId), delay);
      watch.timer.unref();
    } catch (error) {
      this.onError(error);
    }
  }

  /** Advances one user's timeline to now; answers whether anything changed (and was pushed). */
  async run(userId: string): Promise<boolean> {
    try {
      const now = this.clock.now();
      const changed = await this.db.transaction().execute(async (trx) => {
        const state = await findState(trx, userId, false);
        if (!state || now < state.nextTransitionAt) return false;
        const session = await openTimeline(trx, userId, now);
        const { changed: moved } = await saveTimeline(session);
        // A recurring task instance made on opening bumps timelineUpdatedAt without moving a block.
        return moved || session.world.state.timelineUpdatedAt !== state.timelineUpdatedAt;
      });
      if (changed) {
        await publishChange(this.hub, userId, 'timelineStateUpdated');
      } else {
        await this.schedule(userId);
      }
      return changed;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  /** Runs every watched user whose transition is due (tests move a manual clock, then call it). */
  async runDue(): Promise<void> {
    for (const userId of [...this.watches.keys()]) await this.run(userId);
  }

  close(): void {
    for (const userId of [...this.watches.keys()]) {
      const watch = this.watches.get(userId);
      clearTimeout(watch?.timer);
      watch?.unsubscribe();
    }
    this.watches.clear();
  }
}
