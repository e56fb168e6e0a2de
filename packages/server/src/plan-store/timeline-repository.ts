import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { listValue, oneOf, preparedQuery, type Slot } from '../db/prepared';
import { TransactionMemo } from '../db/transaction-memo';
import type { Schema } from '../db/schema';
import { deferWrite, known, runStatement, statement, type Statement } from '../db/together';
import type { TimeblockRow, TimelineStateRow } from './tables';
import { NEVER, type Timeblock, type TimelineState } from './timeblock';

type Db = Kysely<Schema>;

function toBlock(row: Selectable<TimeblockRow>): Timeblock {
  return {
    id: row.id,
    taskId: row.task_id,
    eventId: row.event_id,
    start: row.start_ms,
    end: row.end_ms,
    isFixed: row.is_fixed === 1,
    isRest: row.is_rest === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toBlockRow(userId: string, block: Timeblock): TimeblockRow {
  return {
    user_id: userId,
    id: block.id,
    task_id: block.taskId,
    event_id: block.eventId,
    start_ms: block.start,
    end_ms: block.end,
    is_fixed: block.isFixed ? 1 : 0,
    is_rest: block.isRest ? 1 : 0,
    created_at: block.createdAt,
    updated_at: block.updatedAt,
  };
}

export async function insertBlock(db: Db, userId: string, block: Timeblock): Promise<void> {
  await deferWrite(db, db.insertInto('timeblocks').values(toBlockRow(userId, block)).compile());
}

export async function saveBlock(db: Db, userId: string, block: Timeblock): Promise<void> {
  const { user_id: _u, id: _i, ...values } = toBlockRow(userId, block);
  await deferWrite(
    db,
    db
      .updateTable('timeblocks')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', block.id)
      .compile(),
  );
}

export async function deleteBlockRow(db: Db, userId: string, id: string): Promise<void> {
  await deferWrite(
    db,
    db.deleteFrom('timeblocks').where('user_id', '=', userId).where('id', '=', id).compile(),
  );
}

const blockById = preparedQuery((db, $) =>
  db
    .selectFrom('timeblocks')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('id', '=', $<string>(1)),
);

export async function findBlock(
  db: Db,
  userId: string,
  id: string,
): Promise<Timeblock | undefined> {
  const [row] = (await blockById(db, [userId, id])).rows;
  return row ? toBlock(row) : undefined;
}

const blocksBetween = preparedQuery((db, $) =>
  db
    .selectFrom('timeblocks')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('start_ms', '<', $<number>(2))
    .where('end_ms', '>=', $<number>(1))
    .orderBy('start_ms')
    .orderBy('id'),
);

/** Blocks that overlap [start, end), or touch it when zero-length. */
export async function listBlocksBetween(
  db: Db,
  userId: string,
  start: number,
  end: number,
): Promise<Timeblock[]> {
  return (await blocksBetween(db, [userId, start, end])).rows.map(toBlock);
}

const blocksEndingAfter = preparedQuery((db, $) =>
  db
    .selectFrom('timeblocks')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('end_ms', '>', $<number>(1))
    .orderBy('start_ms')
    .orderBy('id'),
);

/** Blocks that end after `now`: the current block and fixed future ones (the planner's input). */
export function blocksEndingAfterRead(db: Db, userId: string, now: number): Statement<Timeblock[]> {
  return statement(blocksEndingAfter.with(db, [userId, now]), ({ rows }) => rows.map(toBlock));
}

/** A task's blocks that started before `before`, newest first. */
export async function listTaskBlocks(
  db: Db,
  userId: string,
  taskId: string,
  before: number,
  limit: number,
): Promise<Timeblock[]> {
  const rows = await db
    .selectFrom('timeblocks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .where('start_ms', '<', before)
    .orderBy('start_ms', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBlock);
}

export async function deleteTaskBlocks(db: Db, userId: string, taskId: string): Promise<void> {
  await db
    .deleteFrom('timeblocks')
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .execute();
}

/** Removes a task's blocks that start at or after `from` (its future once it is done). */
export async function deleteTaskBlocksFrom(
  db: Db,
  userId: string,
  taskId: string,
  from: number,
): Promise<void> {
  await db
    .deleteFrom('timeblocks')
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .where('start_ms', '>=', from)
    .execute();
}

const blockTotals = preparedQuery((db, $) =>
  db
    .selectFrom('timeblocks')
    .select([
      'task_id',
      sql<number>`sum(case when start_ms < ${$(1)} and end_ms > start_ms then (case when end_ms < ${$(1)} then end_ms else ${$(1)} end) - start_ms else 0 end)`.as(
        'spent',
      ),
      (eb) => eb.fn.max('end_ms').as('last_end'),
    ])
    .where('user_id', '=', $<string>(0))
    .where(oneOf(db, 'task_id', $(2)))
    .groupBy('task_id'),
);

/**
 * For each of the given tasks with blocks, at once: the time spent up to `now` (as
 * sumFulfilled) and the end of its latest block (lastTimeblockEnd).
 */
export function taskBlockTotalsRead(
  db: Db,
  userId: string,
  taskIds: readonly string[],
  now: number,
): Statement<Map<string, BlockTotals>> {
  if (taskIds.length === 0) return known(new Map());
  return statement(blockTotals.with(db, [userId, now, listValue(db, taskIds)]), ({ rows }) => {
    const totals = new Map<string, BlockTotals>();
    for (const row of rows) {
      if (row.task_id)
        totals.set(row.task_id, { spent: Number(row.spent), lastEnd: Number(row.last_end) });
    }
    return totals;
  });
}

export interface BlockTotals {
  spent: number;
  lastEnd: number;
}

const latestStartBefore = preparedQuery((db, $) =>
  db
    .selectFrom('timeblocks')
    .select('start_ms')
    .where('user_id', '=', $<string>(0))
    .where('start_ms', '<', $<number>(1))
    .orderBy('start_ms', 'desc')
    .limit(1),
);

/** The latest stored block start before `before`, or null. */
export async function prevBlockStart(
  db: Db,
  userId: string,
  before: number,
): Promise<number | null> {
  const [row] = (await latestStartBefore(db, [userId, before])).rows;
  return row ? row.start_ms : null;
}

/** The earliest stored block start at or after `from`, or null. */
export async function nextStoredBlockStart(
  db: Db,
  userId: string,
  from: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('timeblocks')
    .select('start_ms')
    .where('user_id', '=', userId)
    .where('start_ms', '>=', from)
    .orderBy('start_ms')
    .limit(1)
    .executeTakeFirst();
  return row ? row.start_ms : null;
}

function toState(row: Selectable<TimelineStateRow>): TimelineState {
  return {
    autoExtend: row.auto_extend === 1,
    isPaused: row.is_paused === 1,
    shuffleSeed: row.shuffle_seed,
    currentBlockId: row.current_block_id,
    advancedAt: row.advanced_at,
    nextTransitionAt: row.next_transition_at,
    timelineUpdatedAt: row.timeline_updated_at,
    reminderUpdatedAt: row.reminder_updated_at,
    hasUnconfirmedTask: row.has_unconfirmed_task === 1,
    calendarRevision: Number(row.calendar_revision),
    nextRecurringTaskAt: Number(row.next_recurring_task_at),
    plannedBlocks: row.planned_blocks,
    planChanges: row.plan_changes,
    planCause: row.plan_cause,
  };
}

/** Leaves calendar_revision alone: only bumpCalendarRevision writes it. */
function toStateRow(userId: string, state: TimelineState): Insertable<TimelineStateRow> {
  return {
    user_id: userId,
    auto_extend: state.autoExtend ? 1 : 0,
    is_paused: state.isPaused ? 1 : 0,
    shuffle_seed: state.shuffleSeed,
    current_block_id: state.currentBlockId,
    advanced_at: state.advancedAt,
    next_transition_at: state.nextTransitionAt,
    timeline_updated_at: state.timelineUpdatedAt,
    reminder_updated_at: state.reminderUpdatedAt,
    has_unconfirmed_task: state.hasUnconfirmedTask ? 1 : 0,
    planned_blocks: state.plannedBlocks ?? '',
    plan_changes: state.planChanges ?? '',
    plan_cause: state.planCause ?? '',
  };
}

const state = preparedQuery((db, $) =>
  db.selectFrom('timeline_state').selectAll().where('user_id', '=', $<string>(0)),
);
const stateForUpdate = preparedQuery((db, $) =>
  db.selectFrom('timeline_state').selectAll().where('user_id', '=', $<string>(0)).forUpdate(),
);

/**
 * The user's timeline state; on PostgreSQL the row is locked for the rest of the transaction so
 * two calls of one user advance the state machine one after the other.
 */
export async function findState(
  db: Db,
  userId: string,
  forUpdate: boolean,
): Promise<TimelineState | undefined> {
  const known = forUpdate ? undefined : takePreloaded(db, userId);
  if (known) {
    remember(db, userId, known.state);
    return known.state;
  }
  return runStatement(db, stateRead(db, userId, forUpdate));
}

/** The state row as findState reads it, without the session's copy: to send with others. */
export function stateRead(
  db: Db,
  userId: string,
  forUpdate: boolean,
): Statement<TimelineState | undefined> {
  // SQLite has no row locks; its single writer already runs these transactions one at a time.
  const locks = forUpdate && db.getExecutor().adapter instanceof PostgresAdapter;
  return statement((locks ? stateForUpdate : state).with(db, [userId]), ({ rows: [row] }) => {
    if (!row) return undefined;
    const found = toState(row);
    remember(db, userId, found);
    return found;
  });
}

function remember(db: Db, userId: string, found: TimelineState): void {
  if (found.calendarRevision !== undefined) revisionsRead.set(db, userId, found.calendarRevision);
}

/**
 * The state columns (but its user_id) of `timeline_state as t` and the current block's of
 * `timeblocks as b`, prefixed: for reads that join them to another table (the session's).
 */
export const STATE_COLUMNS = [
  't.auto_extend',
  't.is_paused',
  't.shuffle_seed',
  't.current_block_id',
  't.advanced_at',
  't.next_transition_at',
  't.timeline_updated_at',
  't.reminder_updated_at',
  't.has_unconfirmed_task',
  't.calendar_revision',
  't.next_recurring_task_at',
  't.planned_blocks',
  't.plan_changes',
  't.plan_cause',
] as const;
export const CURRENT_BLOCK_COLUMNS = [
  'b.id as block_id',
  'b.task_id as block_task_id',
  'b.event_id as block_event_id',
  'b.start_ms as block_start_ms',
  'b.end_ms as block_end_ms',
  'b.is_fixed as block_is_fixed',
  'b.is_rest as block_is_rest',
  'b.created_at as block_created_at',
  'b.updated_at as block_updated_at',
] as const;

type Nullable<T> = { [K in keyof T]: T[K] | null };
/** A row of STATE_COLUMNS and CURRENT_BLOCK_COLUMNS (all null without a state row or block). */
export type StateWithCurrentColumns = Nullable<
  Omit<Selectable<TimelineStateRow>, 'user_id'> & {
    [K in keyof Omit<TimeblockRow, 'user_id'> as `block_${K}`]: TimeblockRow[K];
  }
>;

interface StateWithCurrent {
  state: TimelineState;
  current: Timeblock | undefined;
}

function toStateWithCurrent(
  userId: string,
  row: StateWithCurrentColumns,
): StateWithCurrent | undefined {
  if (row.auto_extend === null) return undefined;
  // A state row was joined: its columns are all NOT NULL, so all are set.
  const state = toState({
    ...(row as Omit<Selectable<TimelineStateRow>, 'user_id'>),
    user_id: userId,
  });
  const current =
    row.block_id === null
      ? undefined
      : toBlock({
          user_id: userId,
          id: row.block_id,
          task_id: row.block_task_id,
          event_id: row.block_event_id,
          start_ms: row.block_start_ms ?? 0,
          end_ms: row.block_end_ms ?? 0,
          is_fixed: row.block_is_fixed ?? 0,
          is_rest: row.block_is_rest ?? 0,
          created_at: row.block_created_at ?? 0,
          updated_at: row.block_updated_at ?? 0,
        });
  return { state, current };
}

/**
 * The state read with the call's session (accounts), handed to the call's first unlocked state
 * read; any write of the row before that drops it (see stateWritten).
 */
const preloaded = new TransactionMemo<StateWithCurrent>();

export function rememberStateWithCurrent(
  db: Db,
  userId: string,
  row: StateWithCurrentColumns,
): void {
  const found = toStateWithCurrent(userId, row);
  if (!found) return;
  preloaded.set(db, userId, found);
  // The caches keyed on the calendar revision read it from here (categories-cache.ts).
  remember(db, userId, found.state);
}

function takePreloaded(db: Db, userId: string): StateWithCurrent | undefined {
  const found = preloaded.get(db, userId);
  if (found) preloaded.forget(db, userId);
  return found;
}

/** Every write of the state row calls this first: what was read before is stale. */
function stateWritten(db: Db, userId: string): void {
  preloaded.forget(db, userId);
}

const stateWithCurrentBlock = preparedQuery((db, $) =>
  db
    .selectFrom('timeline_state as t')
    .leftJoin('timeblocks as b', (join) =>
      join.onRef('b.user_id', '=', 't.user_id').onRef('b.id', '=', 't.current_block_id'),
    )
    .select([...STATE_COLUMNS, ...CURRENT_BLOCK_COLUMNS])
    .where('t.user_id', '=', $<string>(0)),
);

/**
 * The state and its current block in one read (the 5-second poll), without locking; undefined
 * when the user has no state row yet.
 */
export async function findStateAndCurrentBlock(
  db: Db,
  userId: string,
): Promise<StateWithCurrent | undefined> {
  const known = takePreloaded(db, userId);
  if (known) return known;
  const [row] = (await stateWithCurrentBlock(db, [userId])).rows;
  return row && toStateWithCurrent(userId, row);
}

/** Creates the state row unless another call just did. */
export async function insertState(db: Db, userId: string, state: TimelineState): Promise<void> {
  stateWritten(db, userId);
  await db
    .insertInto('timeline_state')
    .values(toStateRow(userId, state))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The state's columns (but user_id) as the values 1 to 12 of stateValues. */
const stateSlots = ($: Slot) => ({
  auto_extend: $<number>(1),
  is_paused: $<number>(2),
  shuffle_seed: $<number>(3),
  current_block_id: $<string>(4),
  advanced_at: $<number>(5),
  next_transition_at: $<number>(6),
  timeline_updated_at: $<number>(7),
  reminder_updated_at: $<number>(8),
  has_unconfirmed_task: $<number>(9),
  planned_blocks: $<string>(10),
  plan_changes: $<string>(11),
  plan_cause: $<string>(12),
});

/** A column set from the value, or left as it is when the value is null (unchanged). */
function unlessNull(column: 'planned_blocks' | 'plan_changes', value: unknown) {
  return sql<string>`coalesce(${value}, ${sql.ref(column)})`;
}

const updateState = preparedQuery((db, $) =>
  db
    .updateTable('timeline_state')
    .set({
      ...stateSlots($),
      planned_blocks: unlessNull('planned_blocks', $(10)),
      plan_changes: unlessNull('plan_changes', $(11)),
    })
    .where('user_id', '=', $<string>(0)),
);

/**
 * Writes the state. Given the state as it was read (`before`), the kept plan's columns (up to a
 * few hundred kilobytes for a heavy user) are sent only when they changed.
 */
export async function saveState(
  db: Db,
  userId: string,
  state: TimelineState,
  before?: TimelineState,
): Promise<void> {
  stateWritten(db, userId);
  const values = stateValues(userId, state);
  if (before && before.plannedBlocks === state.plannedBlocks) values[10] = null;
  if (before && before.planChanges === state.planChanges) values[11] = null;
  await deferWrite(db, updateState.with(db, values));
}

/** The state's values in updateState's order. */
function stateValues(userId: string, state: TimelineState): unknown[] {
  const row = toStateRow(userId, state);
  return [
    userId,
    row.auto_extend,
    row.is_paused,
    row.shuffle_seed,
    row.current_block_id,
    row.advanced_at,
    row.next_transition_at,
    row.timeline_updated_at,
    row.reminder_updated_at,
    row.has_unconfirmed_task,
    row.planned_blocks,
    row.plan_changes,
    row.plan_cause,
  ];
}

const lowerTransition = preparedQuery((db, $) =>
  db
    .updateTable('timeline_state')
    .set({
      next_transition_at: sql<number>`case when next_transition_at > ${$(1)} then ${$(1)} else next_transition_at end`,
    })
    .where('user_id', '=', $<string>(0)),
);

/**
 * Moves the next transition earlier (never later) without touching the rest of the state: safe
 * without the row lock, whatever another call writes meanwhile.
 */
export async function lowerNextTransition(db: Db, userId: string, at: number): Promise<void> {
  stateWritten(db, userId);
  await lowerTransition(db, [userId, at]);
}

/** Transactions that bumped a calendar revision: until they commit, that number may roll back. */
const uncommittedBumps = new WeakSet<Db>();
/** Calendar revisions a transaction read with the state row (db/transaction-memo.ts). */
const revisionsRead = new TransactionMemo<number>();

/**
 * The calendar revision this transaction already read, if it may key a cache (see
 * findCalendarRevision); undefined costs the caller a read of its own.
 */
export function knownCalendarRevision(db: Db, userId: string): number | undefined {
  return uncommittedBumps.has(db) ? undefined : revisionsRead.get(db, userId);
}

/**
 * Counts one change of the user's events or categories, in the writing transaction. Every event
 * and category write of the repositories calls it (before writing, so every calendar write takes
 * the user's state row lock first, as series edits already do). A user without a state row yet
 * has no revision: nothing is cached for them until the row exists.
 */
export async function bumpCalendarRevision(db: Db, userId: string): Promise<void> {
  stateWritten(db, userId);
  if (db.isTransaction) uncommittedBumps.add(db);
  await deferWrite(
    db,
    db
      .updateTable('timeline_state')
      .set((eb) => ({ calendar_revision: eb('calendar_revision', '+', 1) }))
      .where('user_id', '=', userId)
      .compile(),
  );
}

const calendarRevision = preparedQuery((db, $) =>
  db.selectFrom('timeline_state').select('calendar_revision').where('user_id', '=', $<string>(0)),
);

/**
 * The user's calendar revision, or undefined when it must not key a cache: no state row yet, or
 * this transaction changed the calendar itself (a rolled-back Chain would free its number for
 * another change with other data).
 */
export async function findCalendarRevision(
  db: Db,
  userId: string,
  /** The revision as this transaction already read it with the (locked) state row. */
  known?: number,
): Promise<number | undefined> {
  if (uncommittedBumps.has(db)) return undefined;
  if (known !== undefined) return known;
  const [row] = (await calendarRevision(db, [userId])).rows;
  return row === undefined ? undefined : Number(row.calendar_revision);
}

/** The SQL of bumpedTime (timeline-state.ts): `now`, or one past the column when not earlier. */
function bumpedColumn(column: 'timeline_updated_at' | 'reminder_updated_at', now: unknown) {
  // Qualified: in an upsert's update a bare name could also be the row that was not inserted.
  const stored = sql.ref(`timeline_state.${column}`);
  return sql<number>`case when ${stored} < ${now} then ${now} else ${stored} + 1 end`;
}

const bumpUpdatedAt = preparedQuery((db, $) =>
  db
    .updateTable('timeline_state')
    .set({
      timeline_updated_at: bumpedColumn('timeline_updated_at', $(1)),
    })
    .where('user_id', '=', $<string>(0)),
);

/**
 * Marks the timeline updated (strictly later than before, so clients comparing timestamps see
 * it) without touching the rest of the state: for changes that cannot move a block.
 */
export async function bumpTimelineUpdatedAt(db: Db, userId: string, now: number): Promise<void> {
  stateWritten(db, userId);
  await deferWrite(db, bumpUpdatedAt.with(db, [userId, now]));
}

/** A new state row (values as in updateState) that, when the row exists, bumps it instead. */
function insertOrBump(what: 'timeline' | 'reminder') {
  return preparedQuery((db, $) =>
    db
      .insertInto('timeline_state')
      .values({ user_id: $<string>(0), ...stateSlots($) })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet(
          what === 'reminder'
            ? { reminder_updated_at: bumpedColumn('reminder_updated_at', $(13)) }
            : {
                timeline_updated_at: bumpedColumn('timeline_updated_at', $(13)),
                next_transition_at: 0,
                // The change's call (fresh.planCause): the next re-plan names it.
                plan_cause: $<string>(12),
              },
        ),
      ),
  );
}

const bumpTimelineChange = insertOrBump('timeline');
const bumpReminderChange = insertOrBump('reminder');

/**
 * Marks a change in one statement that needs no answer: reminderUpdatedAt, or timelineUpdatedAt
 * with the next transition due now (the plan must be looked at again) and `fresh.planCause` as
 * the cause the next re-plan records. A user without a state row yet gets `fresh`.
 */
export async function bumpChanged(
  db: Db,
  userId: string,
  what: 'timeline' | 'reminder',
  now: number,
  fresh: TimelineState,
): Promise<void> {
  stateWritten(db, userId);
  const bump = what === 'reminder' ? bumpReminderChange : bumpTimelineChange;
  await deferWrite(db, bump.with(db, [...stateValues(userId, fresh), now]));
}

const latestStarts = preparedQuery((db, $) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('timeblocks')
      .select((inner) => inner.fn.max('start_ms').as('latest'))
      .where('user_id', '=', $<string>(0))
      .as('latest'),
    eb
      .selectFrom('timeblocks')
      .select('start_ms')
      .where('user_id', '=', $<string>(0))
      .where('start_ms', '<', $<number>(1))
      .orderBy('start_ms', 'desc')
      .limit(1)
      .as('latest_before'),
  ]),
);

/** The latest start of any stored block and the latest before `before` (null: none), at once. */
export function storedBlockStartsRead(
  db: Db,
  userId: string,
  before: number,
): Statement<{ latest: number | null; latestBefore: number | null }> {
  return statement(latestStarts.with(db, [userId, before]), ({ rows: [row] }) => {
    const number = (value: unknown) =>
      value === null || value === undefined ? null : Number(value);
    return { latest: number(row?.latest), latestBefore: number(row?.latest_before) };
  });
}

/** The next recurring occurrence with the timeline fields a made instance changes. */
export async function saveRecurringProgress(
  db: Db,
  userId: string,
  state: TimelineState,
): Promise<void> {
  stateWritten(db, userId);
  await db
    .updateTable('timeline_state')
    .set({
      next_recurring_task_at: state.nextRecurringTaskAt ?? NEVER,
      timeline_updated_at: state.timelineUpdatedAt,
      next_transition_at: state.nextTransitionAt,
    })
    .where('user_id', '=', userId)
    .execute();
}
