/**
 * The kept plan as the timeline state row stores it (docs/plan-stability.md): the planned future
 * of the latest plan (with the frame it was planned in), and the moves of the latest re-plan that
 * moved something, each as JSON text ('' for none).
 */

/** A planned (non-fixed, future) task block. */
export interface PlannedInterval {
  task: string;
  start: number;
  end: number;
}

/** A task a re-plan moved, and why (the wire's PlanMove). */
export interface RecordedMove {
  task: string;
  /** busy, changed, deadline, shape, limit or horizon. */
  reason: string;
  /** The event whose time now covers the task's old time (busy), else ''. */
  event: string;
  /** The task whose deadline needed the time (deadline), else ''. */
  byTask: string;
  /** The task's first planned start before and after the re-plan; 0 when none. */
  wasStart: number;
  nowStart: number;
}

export interface RecordedChanges {
  /** Server time of the re-plan. */
  at: number;
  moves: RecordedMove[];
  /** The request id of the person's call whose change led to it, or ''. */
  causeRequest: string;
}

type StoredInterval = [string, number, number];

/** The kept planned blocks with the frame they were planned in (see the timeline's planFrame). */
export interface KeptPlanRecord {
  frame: string;
  blocks: PlannedInterval[];
}

export function encodePlannedBlocks({ frame, blocks }: KeptPlanRecord): string {
  if (blocks.length === 0) return '';
  const stored = blocks.map((b): StoredInterval => [b.task, b.start, b.end]);
  return JSON.stringify({ frame, blocks: stored });
}

function isStoredInterval(value: unknown): value is StoredInterval {
  return (
    Array.isArray(value) &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'number' &&
    typeof value[2] === 'number'
  );
}

/** The stored planned blocks; none when the text is empty or not what encodePlannedBlocks wrote. */
export function decodePlannedBlocks(text: string | undefined): KeptPlanRecord {
  const none = { frame: '', blocks: [] };
  if (!text) return none;
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null) return none;
  const { frame, blocks } = parsed as { frame?: unknown; blocks?: unknown };
  if (typeof frame !== 'string' || !Array.isArray(blocks)) return none;
  return {
    frame,
    blocks: blocks.filter(isStoredInterval).map(([task, start, end]) => ({ task, start, end })),
  };
}

export function encodePlanChanges(changes: RecordedChanges): string {
  return JSON.stringify(changes);
}

export function decodePlanChanges(text: string | undefined): RecordedChanges | undefined {
  if (!text) return undefined;
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { at, moves, causeRequest } = parsed as Partial<RecordedChanges>;
  if (typeof at !== 'number' || !Array.isArray(moves)) return undefined;
  return {
    at,
    moves: moves.map((m) => ({
      task: String(m.task),
      reason: String(m.reason),
      event: String(m.event),
      byTask: String(m.byTask),
      wasStart: Number(m.wasStart),
      nowStart: Number(m.nowStart),
    })),
    causeRequest: typeof causeRequest === 'string' ? causeRequest : '',
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
