/**
 * The due indicator of a task (planning-core spec, section 4): none, on time, at risk, overdue.
 */

export type DueStatus = -1 | 0 | 1 | 2;

export const DUE_STATUS = { none: -1, onTime: 0, atRisk: 1, overdue: 2 } as const satisfies Record<
  string,
  DueStatus
>;

/** The spec's colours green, yellow, red as tones; the UI maps a tone to its palette. */
export type DueTone = 'success' | 'warning' | 'error';

export interface DueStatusInput {
  isCompleted: boolean;
  /** -1 (or any negative) means no deadline. */
  deadline: number;
  /** End of the task's last planned or recorded timeblock; 0 or less when it has none. */
  lastTimeblockEnd: number;
  /**
   * True when some of the task's remaining time could not be planned (past the horizon or the
   * tracked-task limit): its real last block is unknown, so it is at risk, not on time.
   */
  hasUnplannedTime?: boolean;
  now: number;
}

export function dueStatus(task: DueStatusInput): DueStatus {
  if (task.isCompleted || task.deadline < 0) return DUE_STATUS.none;
  if (task.now > task.deadline) return DUE_STATUS.overdue;
  if (task.hasUnplannedTime) return DUE_STATUS.atRisk;
  return task.lastTimeblockEnd <= task.deadline ? DUE_STATUS.onTime : DUE_STATUS.atRisk;
}

/** The tone of a status, or null for none (no indicator is shown). */
export function dueStatusTone(status: DueStatus): DueTone | null {
  switch (status) {
    case DUE_STATUS.onTime:
      return 'success';
    case DUE_STATUS.atRisk:
      return 'warning';
    case DUE_STATUS.overdue:
      return 'error';
    default:
      return null;
  }
}
