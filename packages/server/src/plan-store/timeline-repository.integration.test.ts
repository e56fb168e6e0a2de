import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { runStatement } from '../db/together';
import { createTestDatabase } from '../db/test-database';
import { buildTask } from '../tasks/task-factory';
import { insertTask, planningTasksWithSpentRead } from '../tasks/tasks-repository';
import type { Timeblock, TimelineState } from './timeblock';
import {
  deleteTaskBlocksFrom,
  findBlock,
  findState,
  insertBlock,
  insertState,
  listBlocksBetween,
  blocksEndingAfterRead,
  listTaskBlocks,
  nextStoredBlockStart,
  prevBlockStart,
  storedBlockStartsRead,
  saveBlock,
  saveState,
  taskBlockTotalsRead,
} from './timeline-repository';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function block(overrides: Partial<Timeblock>): Timeblock {
  return {
    id: 'b',
    taskId: 't1',
    eventId: null,
    start: 0,
    end: 100,
    isFixed: false,
    isRest: false,
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  };
}

describe('timeline repository (contract, SQLite or DATABASE_URL)', () => {
  it('stores blocks and answers range, task and paging queries', async () => {
    const u = 'u1';
    await insertBlock(database.db, u, block({ id: 'b1', start: 0, end: 100 }));
    await insertBlock(database.db, u, block({ id: 'b2', start: 200, end: 300 }));
    await insertBlock(database.db, u, block({ id: 'b3', start: 400, end: 500, isFixed: true }));
    await insertBlock(
      database.db,
      u,
      block({ id: 'r', taskId: null, start: 300, end: 350, isRest: true }),
    );
    await insertBlock(database.db, 'other', block({ id: 'x', start: 0, end: 1000 }));
    expect(await findBlock(database.db, u, 'b3')).toEqual(
      block({ id: 'b3', start: 400, end: 500, isFixed: true }),
    );
    expect(await findBlock(database.db, u, 'x')).toBeUndefined();
    expect((await listBlocksBetween(database.db, u, 250, 420)).map((b) => b.id)).toEqual([
      'b2',
      'r',
      'b3',
    ]);
    expect(
      (await runStatement(database.db, blocksEndingAfterRead(database.db, u, 320))).map(
        (b) => b.id,
      ),
    ).toEqual(['r', 'b3']);
    expect((await listTaskBlocks(database.db, u, 't1', 400, 10)).map((b) => b.id)).toEqual([
      'b2',
      'b1',
    ]);
    expect(await prevBlockStart(database.db, u, 200)).toBe(0);
    expect(
      await runStatement(database.db, storedBlockStartsRead(database.db, u, 200)),
    ).toMatchObject({ latestBefore: 0 });
    expect(await runStatement(database.db, storedBlockStartsRead(database.db, u, 0))).toMatchObject(
      { latestBefore: null },
    );
    expect(
      await runStatement(database.db, storedBlockStartsRead(database.db, 'nobody', 0)),
    ).toEqual({
      latest: null,
      latestBefore: null,
    });
    expect(await nextStoredBlockStart(database.db, u, 201)).toBe(300);
    expect(await prevBlockStart(database.db, u, 0)).toBeNull();
    await saveBlock(database.db, u, block({ id: 'b2', start: 200, end: 250 }));
    expect((await findBlock(database.db, u, 'b2'))?.end).toBe(250);
  });

  it('sums the time spent per task up to now', async () => {
    const u = 'u2';
    await insertTask(database.db, u, buildTask({ id: 't1' }));
    await insertTask(database.db, u, buildTask({ id: 'done', isCompleted: true }));
    await insertBlock(database.db, u, block({ id: 'a', start: 0, end: 100 }));
    await insertBlock(database.db, u, block({ id: 'b', start: 150, end: 300 }));
    await insertBlock(database.db, u, block({ id: 'c', start: 500, end: 600, isFixed: true }));
    await insertBlock(database.db, u, block({ id: 'd', taskId: 'done', start: 0, end: 40 }));
    const withSpent = await runStatement(
      database.db,
      planningTasksWithSpentRead(database.db, u, 200),
    );
    expect(withSpent.tasks.map((t) => t.id)).toEqual(['t1']);
    expect(withSpent.spentBefore).toEqual(new Map([['t1', 150]]));
    expect(
      (await runStatement(database.db, planningTasksWithSpentRead(database.db, u, 0))).spentBefore,
    ).toEqual(new Map());
    expect(
      await runStatement(
        database.db,
        taskBlockTotalsRead(database.db, u, ['done', 't1', 'none'], 1000),
      ),
    ).toEqual(
      new Map([
        ['t1', { spent: 350, lastEnd: 600 }],
        ['done', { spent: 40, lastEnd: 40 }],
      ]),
    );
    await deleteTaskBlocksFrom(database.db, u, 't1', 400);
    expect(
      await runStatement(database.db, taskBlockTotalsRead(database.db, u, ['t1'], 200)),
    ).toEqual(new Map([['t1', { spent: 150, lastEnd: 300 }]]));
  });

  it('keeps one state row per user', async () => {
    const state: TimelineState = {
      autoExtend: true,
      isPaused: false,
      shuffleSeed: 0,
      currentBlockId: '',
      advancedAt: 10,
      nextTransitionAt: 20,
      timelineUpdatedAt: 10,
      reminderUpdatedAt: 10,
      hasUnconfirmedTask: false,
    };
    await insertState(database.db, 'u3', state);
    await insertState(database.db, 'u3', { ...state, advancedAt: 99 });
    // Read with the row: the calendar revision (0 for a new row) and the next recurring task
    // occurrence (none for a new row), never written by saveState.
    expect(await findState(database.db, 'u3', false)).toEqual({
      ...state,
      calendarRevision: 0,
      nextRecurringTaskAt: Number.MAX_SAFE_INTEGER,
      plannedBlocks: '',
      planChanges: '',
      planCause: '',
    });
    await database.db.transaction().execute(async (trx) => {
      const locked = await findState(trx, 'u3', true);
      expect(locked).toEqual({
        ...state,
        calendarRevision: 0,
        nextRecurringTaskAt: Number.MAX_SAFE_INTEGER,
        plannedBlocks: '',
        planChanges: '',
        planCause: '',
      });
      await saveState(trx, 'u3', {
        ...state,
        isPaused: true,
        shuffleSeed: 12345678901,
        plannedBlocks: '[["t1",100,200]]',
        planChanges: '{"at":50,"moves":[],"causeRequest":"r1"}',
      });
    });
    expect(await findState(database.db, 'u3', false)).toMatchObject({
      isPaused: true,
      shuffleSeed: 12345678901,
      plannedBlocks: '[["t1",100,200]]',
      planChanges: '{"at":50,"moves":[],"causeRequest":"r1"}',
      planCause: '',
    });
    // Given the state as read, unchanged plan columns are not sent (and so stay as stored).
    const asRead = { ...state, plannedBlocks: 'as read', planChanges: 'as read' };
    await saveState(database.db, 'u3', { ...asRead, shuffleSeed: 7 }, asRead);
    expect(await findState(database.db, 'u3', false)).toMatchObject({
      shuffleSeed: 7,
      plannedBlocks: '[["t1",100,200]]',
      planChanges: '{"at":50,"moves":[],"causeRequest":"r1"}',
    });
    expect(await findState(database.db, 'nobody', false)).toBeUndefined();
  });
});
