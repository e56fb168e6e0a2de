import { INPUT_BOUNDS, isInstantInRange } from '@planner/core';
import type { Client } from '@planner/protocol/client';
import type { Database } from '../db/database';
import { userRowsOf } from './stored-ranges-repository';

const B = INPUT_BOUNDS;

/** A rule a stored value must keep, and the values that break it. */
type Check = (where: string, value: unknown) => string | undefined;

const instant: Check = (where, value) =>
  isInstantInRange(Number(value)) ? undefined : `${where} = ${String(value)}`;
/** -1 (or any value of 0 or less, for deadlines and `until`) means none. */
const instantOrNone: Check = (where, value) =>
  Number(value) <= 0 ? undefined : instant(where, value);
const optionalInstant: Check = (where, value) =>
  value === null ? undefined : instant(where, value);
const chars =
  (max: number): Check =>
  (where, value) =>
    typeof value === 'string' && value.length <= max
      ? undefined
      : `${where} has ${String(value).length} characters`;
const atMost =
  (max: number): Check =>
  (where, value) =>
    Number(value) <= max ? undefined : `${where} = ${String(value)}`;

interface StoredRule {
  interval?: unknown;
  count?: unknown;
  until?: unknown;
}

function ruleProblems(where: string, json: unknown): (string | undefined)[] {
  if (typeof json !== 'string' || json === '') return [];
  const rule = JSON.parse(json) as StoredRule;
  return [
    atMost(B.recurrenceInterval)(`${where}.interval`, rule.interval ?? 0),
    atMost(B.recurrenceCount)(`${where}.count`, rule.count ?? 0),
    instantOrNone(`${where}.until`, rule.until ?? 0),
  ];
}

function checklistProblems(where: string, json: unknown): (string | undefined)[] {
  if (typeof json !== 'string' || json === '') return [];
  const items = JSON.parse(json) as { content?: unknown }[];
  return [
    atMost(B.checklistItems)(`${where} items`, items.length),
    ...items.map((item, i) => chars(B.checklistItemChars)(`${where}[${i}]`, item.content ?? '')),
  ];
}

/** Column -> rule, per table; every table is read for one user only. */
const TABLE_RULES = {
  tasks: {
    title: chars(B.titleChars),
    note: chars(B.noteChars),
    deadline: instantOrNone,
    created_at: instant,
    updated_at: instant,
    completed_at: instantOrNone,
    expected_start: instantOrNone,
  },
  task_series: { anchor_start: instant, last_start: instant, title: chars(B.titleChars) },
  events: {
    title: chars(B.titleChars),
    note: chars(B.noteChars),
    start_ms: instant,
    end_ms: instant,
    created_at: instant,
    updated_at: instant,
  },
  reminders: { title: chars(B.titleChars), start_ms: instant, created_at: instant },
  reminder_occurrences: { start_ms: optionalInstant },
  timeblocks: { start_ms: instant, end_ms: instant, created_at: instant },
  categories: {
    title: chars(B.categoryNameChars),
    description: chars(B.categoryDescriptionChars),
  },
} satisfies Record<string, Record<string, Check>>;

const JSON_COLUMNS: Record<string, { rule?: string; checklist?: string }> = {
  tasks: { rule: 'recurrence_rule', checklist: 'checklist' },
  task_series: { rule: 'rule', checklist: 'checklist' },
  events: { rule: 'recurrence_rule', checklist: 'checklist' },
  reminders: { rule: 'recurrence_rule' },
};

/** Every stored value of the user's rows that lies outside the input bounds. */
export async function storedOutOfRange(database: Database, userId: string): Promise<string[]> {
  const problems: (string | undefined)[] = [];
  for (const [table, rules] of Object.entries(TABLE_RULES)) {
    const name = table as keyof typeof TABLE_RULES;
    const rows = await userRowsOf(database, name, userId);
    for (const [i, row] of rows.entries()) {
      const where = `${table}[${i}]`;
      for (const [column, check] of Object.entries(rules)) {
        problems.push(check(`${where}.${column}`, row[column]));
      }
      const json = JSON_COLUMNS[table] ?? {};
      if (json.rule) problems.push(...ruleProblems(`${where}.rule`, row[json.rule]));
      if (json.checklist) {
        problems.push(...checklistProblems(`${where}.checklist`, row[json.checklist]));
      }
    }
  }
  return problems.filter((p): p is string => p !== undefined);
}

/** The same bounds as the API answers them: every task and every stored event. */
export async function answeredOutOfRange(client: Client): Promise<string[]> {
  const problems: (string | undefined)[] = [];
  const { tasks } = await client.call('GetTasks', { status: 'all', withNote: true, limit: 1000 });
  for (const task of tasks) {
    const where = `task ${task.id}`;
    problems.push(
      chars(B.titleChars)(`${where} title`, task.title),
      chars(B.noteChars)(`${where} note`, task.note),
      instantOrNone(`${where} deadline`, task.deadline),
      atMost(B.checklistItems)(`${where} checklist`, task.checklist.length),
      instantOrNone(`${where} expectedStart`, task.expectedStart),
    );
  }
  const { events } = await client.call('SearchEvent', { keyword: '' });
  for (const event of events) {
    const where = `event ${event.id}`;
    problems.push(
      chars(B.titleChars)(`${where} title`, event.title),
      instant(`${where} start`, event.start),
      instant(`${where} end`, event.end),
      atMost(B.checklistItems)(`${where} checklist`, event.checklist.length),
    );
  }
  return problems.filter((p): p is string => p !== undefined);
}
