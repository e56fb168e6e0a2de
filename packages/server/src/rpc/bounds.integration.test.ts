import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_BOUNDS, INSTANT_MAX } from '@planner/core';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, expectRpcError, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { MAX_ANSWER_BYTES } from './chain-budget';

const B = INPUT_BOUNDS;
const HOUR = 3_600_000;

let server: TestServer;
let user: Planner;
const bearer = () => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpPlanner(server, { premiumLevel: 2 });
});
afterAll(() => server.close());

function putTask(task: Record<string, unknown>) {
  return user.client.call('PutTask', {
    task: { category: { id: user.categoryId }, timeScheduled: HOUR, deadline: -1, ...task },
  });
}

function chain(steps: { method: string; data: Record<string, unknown> }[]) {
  return server.postJson('Chain', { steps }, bearer());
}

describe('keyword search', () => {
  it('refuses a keyword over the bound naming it, and finds with one at the bound', async () => {
    const note = 'a'.repeat(B.noteChars - 3) + '%_b';
    for (let i = 0; i < 5; i += 1) await putTask({ title: `Long note ${i}`, note });
    await putTask({ title: 'aaab without wildcards' });
    await expectRpcError(
      user.client.call('GetTasks', { status: 'all', keyword: 'a'.repeat(50_000) }),
      400,
      'field "keyword"',
    );
    const atBound = 'a'.repeat(B.keywordChars - 3) + '%_b';
    const found = await user.client.call('GetTasks', { status: 'all', keyword: atBound });
    expect(found.tasks.map((t) => t.title).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Long note ${i}`),
    );
    // % and _ are plain characters of the keyword, not patterns.
    const literal = await user.client.call('GetTasks', { status: 'all', keyword: 'A%_B' });
    expect(literal.tasks).toHaveLength(5);
    await expectRpcError(
      user.client.call('SearchEvent', { keyword: 'x'.repeat(B.keywordChars + 1) }),
      400,
      'field "keyword"',
    );
  });

  it('refuses a Chain step past its bounds before running any step', async () => {
    const long = { status: 'all', keyword: 'a'.repeat(50_000) };
    const answer = await chain([
      {
        method: 'PutTask',
        data: { task: { title: 'never stored', category: { id: user.categoryId } } },
      },
      ...Array.from({ length: 4 }, () => ({ method: 'GetTasks', data: long })),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ errorIndex: 1, error: { code: 400 } });
    expect(JSON.stringify(answer.body.error)).toContain('field \\"keyword\\"');
    const all = await user.client.call('GetTasks', { status: 'all', keyword: 'never stored' });
    expect(all.tasks).toHaveLength(0);
  });
});

describe('Chain', () => {
  it('refuses more steps than the bound with a 400 naming steps, and runs the most it allows', async () => {
    const shuffle = { method: 'Shuffle', data: {} };
    const tooMany = await chain(Array.from({ length: 2_000 }, () => shuffle));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('field "steps"');
    const timeline = {
      method: 'GetTimeline',
      data: { start: TEST_NOW, end: TEST_NOW + 92 * DAY, version: 4 },
    };
    const reads = await chain(Array.from({ length: 500 }, () => timeline));
    expect(reads.status).toBe(400);
    // The most steps it allows all run when each is cheap (the time budget stops costly ones).
    const meta = { method: 'Meta', data: {} };
    const most = await chain(Array.from({ length: B.chainSteps }, () => meta));
    expect(most.status).toBe(200);
    // Taken whole; on a machine too loaded to run them within the time budget, stopped by it
    // (413), never refused for its length.
    if (most.body.errorIndex === -1) expect(most.body.responses).toHaveLength(B.chainSteps);
    else
      expect(most.body.error).toMatchObject({
        code: 413,
        message: expect.stringMatching(/budget/),
      });
  });
});

describe('windows', () => {
  it('bounds a GetTimeline window to 92 days', async () => {
    const start = TEST_NOW;
    await expectRpcError(
      user.client.call('GetTimeline', { start, end: start + 93 * DAY, version: 4 }),
      400,
      'field "end"',
    );
    const widest = await user.client.call('GetTimeline', {
      start,
      end: start + 92 * DAY,
      version: 4,
    });
    expect(widest.timelineState?.serverTime).toBe(TEST_NOW);
  });

  it('bounds the statistics points, each instant and their span', async () => {
    const day = (i: number) => ({ start: TEST_NOW - (i + 1) * DAY, end: TEST_NOW - i * DAY });
    const call = (points: { start: number; end: number }[]) =>
      user.client.call('GetTimeStatistics', { points });
    await expectRpcError(
      call(Array.from({ length: B.statisticsPoints + 1 }, (_, i) => day(i))),
      400,
      'invalid.tooManyPoints',
    );
    await expectRpcError(call([day(0), day(900)]), 400, 'field "points"');
    await expectRpcError(call([{ start: TEST_NOW, end: INSTANT_MAX + 1 }]), 400, 'points[0].end');
    const most = await call(Array.from({ length: B.statisticsPoints }, (_, i) => day(i)));
    expect(most.points).toHaveLength(B.statisticsPoints);
  });
});

describe('values in range', () => {
  it('refuses task values past their bounds, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deadline: Number.MAX_SAFE_INTEGER }, 'field "task.deadline"'],
      [{ title: 'x'.repeat(B.titleChars + 1) }, 'invalid.titleTooLong'],
      [{ note: 'x'.repeat(B.noteChars + 1) }, 'invalid.noteTooLong'],
      [{ recurrenceRule: { freq: 'DAILY', interval: 100_000_000 } }, 'invalid.recurrenceInterval'],
      [{ recurrenceRule: { freq: 'DAILY', interval: 1, count: 1_001 } }, 'invalid.recurrenceCount'],
      [
        { recurrenceRule: { freq: 'DAILY', interval: 1, until: Date.UTC(2200, 0, 2) } },
        'invalid.recurrenceUntil',
      ],
      [
        { checklist: Array.from({ length: B.checklistItems + 1 }, () => ({ content: 'x' })) },
        'invalid.checklistTooLong',
      ],
      [
        { checklist: [{ content: 'x'.repeat(B.checklistItemChars + 1) }] },
        'invalid.checklistItemTooLong',
      ],
    ];
    for (const [task, message] of cases) await expectRpcError(putTask(task), 400, message);
  });

  it('keeps the "none" values and accepts every value at its bound', async () => {
    const checklist = Array.from({ length: B.checklistItems }, (_, i) => ({
      content: `${i}`.padEnd(B.checklistItemChars, 'x'),
      sort: i,
    }));
    const { task } = await putTask({
      title: 't'.repeat(B.titleChars),
      note: 'n'.repeat(B.noteChars),
      deadline: -1,
      checklist,
      recurrenceRule: { freq: 'DAILY', interval: B.recurrenceInterval, until: 0, count: 0 },
    });
    expect(task?.deadline).toBe(-1);
    expect(task?.checklist).toHaveLength(B.checklistItems);
    expect(task?.recurrenceRule).toMatchObject({ interval: B.recurrenceInterval, until: 0 });
    const counted = await putTask({
      title: 'counted',
      deadline: INSTANT_MAX,
      recurrenceRule: { freq: 'WEEKLY', interval: 1, count: B.recurrenceCount },
    });
    expect(counted.task?.deadline).toBe(INSTANT_MAX);
  });

  it('refuses a block from 1970 and a reminder occurrence past 2100', async () => {
    const { task } = await putTask({ title: 'recorded' });
    await expectRpcError(
      user.client.call('AddTimeblock', {
        timeblock: { task: { id: task?.id ?? '' }, start: 0, end: TEST_NOW - HOUR },
      }),
      400,
      'field "timeblock.end"',
    );
    const { reminder } = await user.client.call('CreateReminder', {
      reminder: { title: 'daily', start: TEST_NOW, recurrenceRule: { freq: 'DAILY', interval: 1 } },
    });
    const far = 8_640_000_000_000_000;
    await expectRpcError(
      user.client.call('ToggleThisReminder', { id: reminder?.id ?? '', start: far, status: 1 }),
      400,
      'field "start"',
    );
    await expectRpcError(
      user.client.call('CreateReminder', { reminder: { title: 'far', start: far } }),
      400,
      'field "reminder.start"',
    );
  });
});

describe('answer size', () => {
  it('refuses an answer over the bound instead of building it', async () => {
    const note = 'y'.repeat(B.noteChars);
    const count = Math.ceil(MAX_ANSWER_BYTES / B.noteChars) + 1;
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push((await putTask({ title: `heavy ${i}`, note })).task?.id ?? '');
    await expectRpcError(
      user.client.call('GetTasks', { ids, withNote: true }),
      413,
      'ask for less',
    );
    const some = await user.client.call('GetTasks', { ids: ids.slice(0, 10), withNote: true });
    expect(some.tasks.map((t) => t.note.length)).toEqual(Array(10).fill(B.noteChars));
  });
});
