import type { TimelineState } from '../plan-store/timeblock';
import type { Statement } from '../db/together';
import type { Db, OpenPlan } from '../rpc/context';
import type { Task } from './task';
import type { TaskExtras } from './task-presenter';

/**
 * What the tasks domain asks of planning, without importing it: app.ts hands timeline/'s
 * implementation to the tasks methods. Each change is made on the plan the call opened
 * (`ctx.plan`); the runtime settles it after the call.
 */
export interface TaskPlanning {
  /** The task is done: its future blocks and session end; `restMs` > 0 rests after it. */
  completed(plan: OpenPlan, taskId: string, restMs: number): void;
  /** Mirrors a saved task into the plan (a done task leaves it). */
  saved(plan: OpenPlan, task: Task): void;
  /** Do it now: the task's session starts at once. */
  startNow(plan: OpenPlan, taskId: string): void;
  /** The task goes with every block it had (its time records with them). */
  deleted(plan: OpenPlan, taskId: string): Promise<void>;
  /** The plan's locked state row and zone, which a series' next occurrence rides on. */
  seriesState(plan: OpenPlan): { state: TimelineState; timeZone: string };
  /** Category, time spent and last block end of each task, from storage. */
  storedExtras(
    db: Db,
    userId: string,
    taskIds: readonly string[],
    now: number,
  ): Promise<TaskExtras>;
  /**
   * `first` read together with storedExtras (one round trip on PostgreSQL): for a call that
   * knows its tasks' ids before reading them and writes nothing the extras show.
   */
  storedExtrasWith<T>(
    db: Db,
    userId: string,
    taskIds: readonly string[],
    now: number,
    first: Statement<T>,
  ): Promise<[T, TaskExtras]>;
  /**
   * The extras with the plan brought up to now (expected starts), of the tasks `first` reads:
   * for reading tasks. `first` goes with the plan's own reads (one round trip on PostgreSQL).
   */
  plannedExtrasWith<T>(
    db: Db,
    userId: string,
    now: number,
    first: Statement<T>,
    taskIdsOf: (value: T) => readonly string[],
  ): Promise<[T, TaskExtras]>;
}
