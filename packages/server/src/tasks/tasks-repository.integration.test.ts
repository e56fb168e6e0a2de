import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { buildTask } from './task-factory';
import {
  countUnconfirmedTasks,
  deleteTaskRow,
  findTask,
  findTasks,
  insertTask,
  listPlanningTasks,
  listTasks,
  saveTask,
  setTaskOrders,
} from './tasks-repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('tasks repository (contract, SQLite or DATABASE_URL)', () => {
  it('round-trips every field', async () => {
    const task = buildTask({
      id: 'rt',
      note: 'a **note**',
      checklist: [{ id: 'i1', content: 'step', done: true, sort: 1.5 }],
      order: 2.25,
      recurrenceRule: { freq: 'WEEKLY', interval: 2, byDay: 'MO,WE', until: 0, count: 3 },
      deadline: 5_000_000_000_000,
      isUnconfirmed: true,
    });
    await insertTask(database.db, 'u1', task);
    expect(await findTask(database.db, 'u1', 'rt')).toEqual(task);
    const changed = { ...task, title: 'Renamed', isCompleted: true, completedAt: 9 };
    await saveTask(database.db, 'u1', changed);
    expect(await findTask(database.db, 'u1', 'rt')).toEqual(changed);
  });

  it('never shows one user the tasks of another', async () => {
    await insertTask(database.db, 'u2', buildTask({ id: 'own' }));
    expect(await findTask(database.db, 'u3', 'own')).toBeUndefined();
    expect(await findTasks(database.db, 'u3', ['own'])).toEqual([]);
    expect(await deleteTaskRow(database.db, 'u3', 'own')).toBe(false);
    expect(await findTask(database.db, 'u2', 'own')).toBeDefined();
  });

  it('lists by status in the spec order, pages, and searches', async () => {
    const u = 'lister';
    await insertTask(database.db, u, buildTask({ id: 'a', createdAt: 3 }));
    await insertTask(database.db, u, buildTask({ id: 'b', createdAt: 1 }));
    await insertTask(database.db, u, buildTask({ id: 'c', deadline: 50, title: 'Tax 100%' }));
    await insertTask(database.db, u, buildTask({ id: 'd', deadline: 20 }));
    await insertTask(database.db, u, buildTask({ id: 'e', isCompleted: true, updatedAt: 5 }));
    await insertTask(database.db, u, buildTask({ id: 'f', isCompleted: true, updatedAt: 9 }));
    await insertTask(database.db, u, buildTask({ id: 'g', isUnconfirmed: true, createdAt: 9 }));
    const ids = async (status: 'todo' | 'done' | 'unconfirmed' | 'all', keyword = '') =>
      (await listTasks(database.db, u, { status, offset: 0, limit: 100, keyword })).map(
        (t) => t.id,
      );
    expect(await ids('todo')).toEqual(['d', 'c', 'b', 'a', 'g']);
    expect(await ids('done')).toEqual(['f', 'e']);
    expect(await ids('unconfirmed')).toEqual(['g']);
    expect(await ids('all')).toHaveLength(7);
    expect(await ids('todo', 'tax 100%')).toEqual(['c']);
    expect(await ids('todo', '_')).toEqual([]);
    const page = await listTasks(database.db, u, {
      status: 'todo',
      offset: 1,
      limit: 2,
      keyword: '',
    });
    expect(page.map((t) => t.id)).toEqual(['c', 'b']);
    expect((await listPlanningTasks(database.db, u)).map((t) => t.id).sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
      'g',
    ]);
    expect(await countUnconfirmedTasks(database.db, u)).toBe(1);
    await setTaskOrders(database.db, u, new Map([['a', 7]]));
    expect((await findTask(database.db, u, 'a'))?.order).toBe(7);
  });
});
