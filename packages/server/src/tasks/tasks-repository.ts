import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { isPostgres, listValue, oneOf, preparedQuery, type PreparedQuery } from '../db/prepared';
import type { Schema } from '../db/schema';
import { deferWrite, known, mapped, runStatement, statement, type Statement } from '../db/together';
import type { TaskRow, TaskSeriesRow } from './tables';
import type {
  ChecklistItem,
  PlanningTask,
  Task,
  TaskRecurrenceRule,
  TaskSeries,
  TaskStatusFilter,
} from './task';

type Db = Kysely<Schema>;

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseChecklist(text: string): ChecklistItem[] {
  const value = parseJson(text);
  return Array.isArray(value) ? (value as ChecklistItem[]) : [];
}

function toTask(row: Selectable<TaskRow>): Task {
  return {
    id: row.id,
    title: row.title,
    categoryId: row.category_id,
    timeScheduled: row.time_scheduled,
    deadline: row.deadline,
    isCompleted: row.is_completed === 1,
    note: row.note,
    checklist: parseChecklist(row.checklist),
    order: row.order_key,
    recurrenceRule: (parseJson(row.recurrence_rule) as TaskRecurrenceRule | null) ?? null,
    recurringTaskId: row.recurring_task_id,
    instanceNumber: row.instance_number,
    expectedStart: Number(row.expected_start),
    isUnconfirmed: row.is_unconfirmed === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

function toRow(userId: string, task: Task): Insertable<TaskRow> {
  return {
    user_id: userId,
    id: task.id,
    title: task.title,
    category_id: task.categoryId,
    time_scheduled: task.timeScheduled,
    deadline: task.deadline,
    is_completed: task.isCompleted ? 1 : 0,
    note: task.note,
    checklist: JSON.stringify(task.checklist),
    order_key: task.order,
    recurrence_rule: task.recurrenceRule ? JSON.stringify(task.recurrenceRule) : '',
    recurring_task_id: task.recurringTaskId,
    instance_number: task.instanceNumber,
    expected_start: task.expectedStart ?? -1,
    is_unconfirmed: task.isUnconfirmed ? 1 : 0,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    completed_at: task.completedAt,
  };
}

export async function insertTask(db: Db, userId: string, task: Task): Promise<void> {
  await db.insertInto('tasks').values(toRow(userId, task)).execute();
}

/** Every column a task save writes (all but the keys). */
const SAVED_COLUMNS = [
  'title',
  'category_id',
  'time_scheduled',
  'deadline',
  'is_completed',
  'note',
  'checklist',
  'order_key',
  'recurrence_rule',
  'recurring_task_id',
  'instance_number',
  'expected_start',
  'is_unconfirmed',
  'created_at',
  'updated_at',
  'completed_at',
] as const satisfies readonly Exclude<keyof TaskRow, 'user_id' | 'id'>[];

// The most common write (a title or note edit): compiled once (db/prepared.ts).
const updateTask = preparedQuery((db, $) =>
  db
    .updateTable('tasks')
    .set(
      Object.fromEntries(
        SAVED_COLUMNS.map((column, i) => [column, $(i + 2)]),
      ) as Updateable<TaskRow>,
    )
    .where('user_id', '=', $<string>(0))
    .where('id', '=', $<string>(1)),
);

/** Writes every field of an existing task. */
export async function saveTask(db: Db, userId: string, task: Task): Promise<void> {
  const row = toRow(userId, task);
  await deferWrite(
    db,
    updateTask.with(db, [userId, task.id, ...SAVED_COLUMNS.map((column) => row[column])]),
  );
}

const taskById = preparedQuery((db, $) =>
  db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where('id', '=', $<string>(1)),
);

export function taskByIdRead(db: Db, userId: string, id: string): Statement<Task | undefined> {
  return statement(taskById.with(db, [userId, id]), ({ rows: [row] }) =>
    row ? toTask(row) : undefined,
  );
}

export function findTask(db: Db, userId: string, id: string): Promise<Task | undefined> {
  return runStatement(db, taskByIdRead(db, userId, id));
}

const tasksByIds = preparedQuery((db, $) =>
  db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .where(oneOf(db, 'id', $(1))),
);

export function tasksByIdRead(db: Db, userId: string, ids: readonly string[]): Statement<Task[]> {
  if (ids.length === 0) return known([]);
  return statement(tasksByIds.with(db, [userId, listValue(db, ids)]), ({ rows }) =>
    rows.map(toTask),
  );
}

/** The user's tasks of `ids` in the order of `ids` (an unknown id has none). */
export function tasksInOrderRead(
  db: Db,
  userId: string,
  ids: readonly string[],
): Statement<Task[]> {
  return mapped(tasksByIdRead(db, userId, ids), (found) => {
    const byId = new Map(found.map((t) => [t.id, t]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
}

export function findTasks(db: Db, userId: string, ids: readonly string[]): Promise<Task[]> {
  return runStatement(db, tasksByIdRead(db, userId, ids));
}

export async function deleteTaskRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tasks')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Open tasks, with only the fields the planner needs. */
const planningTasks = preparedQuery((db, $) =>
  db
    .selectFrom('tasks')
    .select(['id', 'time_scheduled', 'deadline', 'created_at', 'order_key', 'is_unconfirmed'])
    .where('user_id', '=', $<string>(0))
    .where('is_completed', '=', 0),
);

type PlanningColumns = Pick<
  Selectable<TaskRow>,
  'id' | 'time_scheduled' | 'deadline' | 'created_at' | 'order_key' | 'is_unconfirmed'
>;

function planningTaskOfRow(r: PlanningColumns): PlanningTask {
  return {
    id: r.id,
    timeScheduled: r.time_scheduled,
    deadline: r.deadline,
    createdAt: r.created_at,
    order: r.order_key,
    isUnconfirmed: r.is_unconfirmed === 1,
  };
}

export async function listPlanningTasks(db: Db, userId: string): Promise<PlanningTask[]> {
  return (await planningTasks(db, [userId])).rows.map(planningTaskOfRow);
}

// The time spent is summed per open task through the user's blocks of that task (the index led
// by user and task): a sum over all the user's past blocks, grouped by task, grew with the
// account's history, 2 ms a call for a year of blocks against 60 µs this way.
const planningTasksWithSpent = preparedQuery((db, $) =>
  db
    .selectFrom('tasks as t')
    .select((eb) => [
      't.id',
      't.time_scheduled',
      't.deadline',
      't.created_at',
      't.order_key',
      't.is_unconfirmed',
      eb
        .selectFrom('timeblocks as b')
        .select(
          sql<number>`sum(case when b.end_ms < ${$(1)} then b.end_ms else ${$(1)} end - b.start_ms)`.as(
            'spent',
          ),
        )
        .whereRef('b.user_id', '=', 't.user_id')
        .whereRef('b.task_id', '=', 't.id')
        .where('b.start_ms', '<', $<number>(1))
        .where('b.end_ms', '>', sql<number>`b.start_ms`)
        .as('spent'),
    ])
    .where('t.user_id', '=', $<string>(0))
    .where('t.is_completed', '=', 0),
);

/**
 * The open tasks as the planner needs them, with the time each had spent before `before` in
 * its blocks (one read: the state machine needs both on every call).
 */
export function planningTasksWithSpentRead(
  db: Db,
  userId: string,
  before: number,
): Statement<{ tasks: PlanningTask[]; spentBefore: Map<string, number> }> {
  return statement(planningTasksWithSpent.with(db, [userId, before]), ({ rows }) => {
    const spentBefore = new Map<string, number>();
    const tasks = rows.map((r) => {
      if (r.spent !== null && r.spent !== undefined) spentBefore.set(r.id, Number(r.spent));
      return planningTaskOfRow(r);
    });
    return { tasks, spentBefore };
  });
}

export interface TaskListQuery {
  status: TaskStatusFilter;
  offset: number;
  limit: number;
  /** Case-insensitive substring of the title or note; '' for all. */
  keyword: string;
}

/**
 * The task list in the spec's order: open tasks with deadlines first by deadline, then the rest
 * oldest first; done tasks newest update first.
 */
export function listTasks(db: Db, userId: string, query: TaskListQuery): Promise<Task[]> {
  return runStatement(db, taskListRead(db, userId, query));
}

/** listTasks as a statement, to send with others. */
export function taskListRead(db: Db, userId: string, query: TaskListQuery): Statement<Task[]> {
  const values = [userId, query.keyword.toLowerCase(), query.offset, query.limit];
  return statement(taskListQuery(query.status, query.keyword !== '').with(db, values), ({ rows }) =>
    rows.map(toTask),
  );
}

/**
 * Whether `column`, lowercased, holds `lowered` as a plain substring. A substring search
 * (instr, strpos) rather than LIKE '%...%': SQLite's LIKE backtracks character by character,
 * so a long keyword against long notes cost keyword length times note length per row (18 s
 * for five notes); these compare whole runs of bytes and take no pattern characters.
 */
export function containsText(
  db: Kysely<Schema>,
  column: 'title' | 'note',
  lowered: string,
): Expression<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`strpos(lower(${sql.ref(column)}), ${lowered}) > 0`
    : sql<SqlBool>`instr(lower(${sql.ref(column)}), ${lowered}) > 0`;
}

/** The list's query for a status, with or without a keyword: each compiled once. */
const taskListQueries = new Map<string, PreparedQuery<Selectable<TaskRow>>>();

function taskListQuery(
  status: TaskStatusFilter,
  withKeyword: boolean,
): PreparedQuery<Selectable<TaskRow>> {
  const key = `${status}|${withKeyword}`;
  let prepared = taskListQueries.get(key);
  if (!prepared) {
    prepared = preparedQuery((db, $) => {
      let q = db.selectFrom('tasks').selectAll().where('user_id', '=', $<string>(0));
      if (status === 'todo') q = q.where('is_completed', '=', 0);
      if (status === 'done') q = q.where('is_completed', '=', 1);
      if (status === 'unconfirmed') {
        q = q.where('is_completed', '=', 0).where('is_unconfirmed', '=', 1);
      }
      if (withKeyword) {
        const keyword = $<string>(1);
        q = q.where((eb) =>
          eb.or([containsText(db, 'title', keyword), containsText(db, 'note', keyword)]),
        );
      }
      q =
        status === 'done'
          ? q.orderBy('updated_at', 'desc')
          : q
              .orderBy('is_completed', 'asc')
              .orderBy(sql`case when deadline < 0 then 1 else 0 end`)
              .orderBy(sql`case when deadline < 0 then created_at else deadline end`)
              .orderBy('updated_at', 'desc');
      return q.orderBy('id').offset($<number>(2)).limit($<number>(3));
    });
    taskListQueries.set(key, prepared);
  }
  return prepared;
}

/** Sets explicit plan order keys (shuffle). */
export async function setTaskOrders(
  db: Db,
  userId: string,
  orders: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [id, order] of orders) {
    await db
      .updateTable('tasks')
      .set({ order_key: order })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
}

const unconfirmedCount = preparedQuery((db, $) =>
  db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', $<string>(0))
    .where('is_completed', '=', 0)
    .where('is_unconfirmed', '=', 1),
);

export async function countUnconfirmedTasks(db: Db, userId: string): Promise<number> {
  const [row] = (await unconfirmedCount(db, [userId])).rows;
  return Number(row?.n ?? 0);
}

/** Writes what the timeline's state machine changes on a task: its estimate and confirmation. */
export async function updateTaskTimeline(
  db: Db,
  userId: string,
  task: PlanningTask,
  now: number,
): Promise<void> {
  await deferWrite(
    db,
    taskTimeline.with(db, [userId, task.id, task.timeScheduled, task.isUnconfirmed ? 1 : 0, now]),
  );
}

const taskTimeline = preparedQuery((db, $) =>
  db
    .updateTable('tasks')
    .set({ time_scheduled: $(2), is_unconfirmed: $(3), updated_at: $(4) })
    .where('user_id', '=', $<string>(0))
    .where('id', '=', $<string>(1)),
);

/** The tasks of one recurring series, by instance number. */
export async function listRecurringSiblings(
  db: Db,
  userId: string,
  recurringTaskId: string,
): Promise<Task[]> {
  const rows = await db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('recurring_task_id', '=', recurringTaskId)
    .orderBy('instance_number')
    .execute();
  return rows.map(toTask);
}

/** Inserts a series' instance unless it exists (two calls making the same occurrence). */
export async function insertTaskInstance(db: Db, userId: string, task: Task): Promise<boolean> {
  const result = await db
    .insertInto('tasks')
    .values(toRow(userId, task))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

function toSeries(row: Selectable<TaskSeriesRow>): TaskSeries {
  return {
    id: row.id,
    rule: parseJson(row.rule) as TaskRecurrenceRule,
    anchorStart: Number(row.anchor_start),
    anchorNumber: row.anchor_number,
    lastInstance: row.last_instance,
    lastStart: Number(row.last_start),
    nextAt: Number(row.next_at),
    template: {
      title: row.title,
      categoryId: row.category_id,
      timeScheduled: Number(row.time_scheduled),
      note: row.note,
      checklist: parseChecklist(row.checklist),
      deadlineOffset: row.deadline_offset === null ? null : Number(row.deadline_offset),
    },
  };
}

function toSeriesRow(userId: string, series: TaskSeries): TaskSeriesRow {
  return {
    user_id: userId,
    id: series.id,
    rule: JSON.stringify(series.rule),
    anchor_start: series.anchorStart,
    anchor_number: series.anchorNumber,
    last_instance: series.lastInstance,
    last_start: series.lastStart,
    next_at: series.nextAt,
    title: series.template.title,
    category_id: series.template.categoryId,
    time_scheduled: series.template.timeScheduled,
    note: series.template.note,
    checklist: JSON.stringify(series.template.checklist),
    deadline_offset: series.template.deadlineOffset,
  };
}

export async function insertSeries(db: Db, userId: string, series: TaskSeries): Promise<void> {
  await db.insertInto('task_series').values(toSeriesRow(userId, series)).execute();
}

export async function saveSeries(db: Db, userId: string, series: TaskSeries): Promise<void> {
  const { user_id: _u, id: _i, ...values } = toSeriesRow(userId, series);
  await db
    .updateTable('task_series')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', series.id)
    .execute();
}

export async function findSeries(
  db: Db,
  userId: string,
  id: string,
): Promise<TaskSeries | undefined> {
  const row = await db
    .selectFrom('task_series')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSeries(row) : undefined;
}

export async function deleteSeries(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('task_series').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The series whose next occurrence has started by `now`. */
export async function listDueSeries(db: Db, userId: string, now: number): Promise<TaskSeries[]> {
  const rows = await db
    .selectFrom('task_series')
    .selectAll()
    .where('user_id', '=', userId)
    .where('next_at', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map(toSeries);
}

/** The earliest next occurrence of the user's series, or null when none has one. */
export async function earliestSeriesNextAt(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('task_series')
    .select((eb) => eb.fn.min('next_at').as('next'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}
