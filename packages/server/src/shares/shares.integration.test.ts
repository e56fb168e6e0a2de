import { HOUR_MS } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';
import { insertBlock } from '../plan-store/timeline-repository';
import { SHARES_PER_HOUR } from './shares-service';

/*
 * Shares: a frozen copy of a day's statistics, readable by anyone with the link. A user in UTC;
 * now is 25 November 2026, 12:00. On 24 November: 2 h on "Write report" (work), 1 h on
 * "Read paper" (study) and a 30 min "Standup" event (work).
 */
const NOW = Date.UTC(2026, 10, 25, 12);
const h = (hour: number, minute = 0) => Date.UTC(2026, 10, 24, hour, minute);
const DAY = { start: h(0), end: Date.UTC(2026, 10, 25) };
const NOVEMBER = { start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1) };

let server: TestServer;
let sharer: SignedUpUser;
let blocks = 0;
let report = '';

async function block(u: SignedUpUser, start: number, end: number, taskId: string) {
  blocks += 1;
  await insertBlock(server.database.db, u.userId, {
    id: `share-${blocks}`,
    taskId,
    eventId: null,
    start,
    end,
    isFixed: false,
    isRest: false,
    createdAt: start,
    updatedAt: end,
  });
}

async function task(u: SignedUpUser, title: string, category: string): Promise<string> {
  const { task: created } = await u.client.call('PutTask', {
    task: { title, category: { id: category }, timeScheduled: HOUR_MS },
  });
  return created?.id ?? '';
}

beforeAll(async () => {
  server = await startTestServer({ now: NOW });
  sharer = await server.signUp();
  report = await task(sharer, 'Write report', 'work');
  const paper = await task(sharer, 'Read paper', 'study');
  await block(sharer, h(9), h(11), report);
  await block(sharer, h(14), h(15), paper);
  await sharer.client.call('CreateEvent', {
    event: {
      title: 'Standup',
      start: h(8),
      end: h(8, 30),
      timezone: 'UTC',
      category: { id: 'work' },
    },
  });
});
afterAll(() => server.close());

describe('CreateTimeStatisticsShare', () => {
  it('refuses an account without a name (invalid.nameNotSet)', async () => {
    const error = await rpcError(
      sharer.client.call('CreateTimeStatisticsShare', { points: [DAY] }),
    );
    expect(error).toMatchObject({ code: 400, message: 'invalid.nameNotSet' });
  });

  it('freezes the values and labels under a random id, readable without an account', async () => {
    await sharer.client.call('UpdateUser', { name: 'Ada' });
    const created = await sharer.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`${server.config.publicUrl}/share/${created.id}`);

    const shared = await server.client().call('GetTimeStatisticsShare', { id: created.id });
    expect(shared.name).toBe('Ada');
    expect(shared.createdAt).toBe(NOW);
    expect(shared.points).toHaveLength(1);
    const [point] = shared.points;
    expect(point?.sum).toBe(3.5 * HOUR_MS);
    const work = shared.categories.find((c) => c.name === 'Work');
    const study = shared.categories.find((c) => c.name === 'Study');
    expect(work).toMatchObject({ id: expect.stringMatching(/^c\d+$/) as string });
    expect(point?.categories).toEqual({
      [work?.id ?? '?']: 2.5 * HOUR_MS,
      [study?.id ?? '?']: HOUR_MS,
    });
    // Task and event ids are replaced by the share's own label ids.
    expect(shared.tasks.map((t) => t.name).sort()).toEqual(['Read paper', 'Write report']);
    expect(shared.tasks.every((t) => /^t\d+$/.test(t.id))).toBe(true);
    const writeReport = shared.tasks.find((t) => t.name === 'Write report');
    expect(point?.tasks[writeReport?.id ?? '?']).toBe(2 * HOUR_MS);
    expect(writeReport?.color).toBe(work?.color);
    expect(shared.events).toEqual([{ id: 'e1', name: 'Standup', color: '', icon: '' }]);
    expect(point?.events).toEqual({ e1: HOUR_MS / 2 });
    expect(JSON.stringify(shared)).not.toContain(report);
    expect(JSON.stringify(shared)).not.toContain(sharer.email);
  });

  it('stays as it was after a rename, more tracked time and the clock moving', async () => {
    const { id } = await sharer.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    const before = await server.client().call('GetTimeStatisticsShare', { id });
    await sharer.client.call('PutCategory', {
      category: { id: 'work', title: 'Job', color: 'Teal-500', icon: 'school' },
    });
    await sharer.client.call('UpdateUser', { name: 'Ada L.' });
    await block(sharer, h(20), h(22), report);
    server.clock.advance(24 * HOUR_MS);
    const after = await server.client().call('GetTimeStatisticsShare', { id });
    expect(after).toEqual(before);
    expect(after.categories.map((c) => c.name)).toContain('Work');
    // A new share sees the change.
    const { id: fresh } = await sharer.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    const now = await server.client().call('GetTimeStatisticsShare', { id: fresh });
    expect(now.name).toBe('Ada L.');
    expect(now.points[0]?.sum).toBe(5.5 * HOUR_MS);
    expect(now.categories.map((c) => c.name)).toContain('Job');
  });

  it('applies the analysis guard: a month needs the feature (4201)', async () => {
    const error = await rpcError(
      sharer.client.call('CreateTimeStatisticsShare', { points: [NOVEMBER] }),
    );
    expect(error).toMatchObject({ code: 4201, message: 'analysisTypeLimit' });
    const premium = await server.signUp({ premiumLevel: 1 });
    await premium.client.call('UpdateUser', { name: 'Grace' });
    const { id } = await premium.client.call('CreateTimeStatisticsShare', { points: [NOVEMBER] });
    expect((await server.client().call('GetTimeStatisticsShare', { id })).points).toHaveLength(1);
  });

  it('bounds the input: at most 400 points, none empty, instants in range', async () => {
    const many = Array.from({ length: 401 }, () => DAY);
    const tooMany = await rpcError(
      sharer.client.call('CreateTimeStatisticsShare', { points: many }),
    );
    expect(tooMany).toMatchObject({ code: 400, message: 'invalid.tooManyPoints' });
    const none = await rpcError(sharer.client.call('CreateTimeStatisticsShare', { points: [] }));
    expect(none.code).toBe(400);
    const far = await rpcError(
      sharer.client.call('CreateTimeStatisticsShare', { points: [{ start: 0, end: 2 ** 50 }] }),
    );
    expect(far.code).toBe(400);
  });

  it('needs a session', async () => {
    const error = await rpcError(
      server.client().call('CreateTimeStatisticsShare', { points: [DAY] }),
    );
    expect(error.code).toBe(16);
  });

  it(`limits an account to ${SHARES_PER_HOUR} shares an hour`, async () => {
    const busy = await server.signUp();
    await busy.client.call('UpdateUser', { name: 'Busy' });
    for (let i = 0; i < SHARES_PER_HOUR; i += 1)
      await busy.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    const error = await rpcError(busy.client.call('CreateTimeStatisticsShare', { points: [DAY] }));
    expect(error.code).toBe(429);
    server.clock.advance(HOUR_MS);
    await busy.client.call('CreateTimeStatisticsShare', { points: [DAY] });
  });
});

describe('GetTimeStatisticsShare', () => {
  it('answers 404 for an unknown id and 400 for an overlong one', async () => {
    const unknown = await rpcError(
      server.client().call('GetTimeStatisticsShare', { id: 'A'.repeat(43) }),
    );
    expect(unknown.code).toBe(404);
    const long = await rpcError(
      server.client().call('GetTimeStatisticsShare', { id: 'A'.repeat(65) }),
    );
    expect(long.code).toBe(400);
  });

  it("goes with the sharer's account", async () => {
    const leaving = await server.signUp();
    await leaving.client.call('UpdateUser', { name: 'Leaving' });
    const { id } = await leaving.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    await leaving.client.call('DeleteAccount', { password: leaving.password });
    expect((await rpcError(server.client().call('GetTimeStatisticsShare', { id }))).code).toBe(404);
  });
});

describe('ListTimeStatisticsShares and RevokeTimeStatisticsShare', () => {
  it("lists the owner's shares with their periods, and only theirs", async () => {
    const owner = await server.signUp();
    await owner.client.call('UpdateUser', { name: 'Owner' });
    const day = await owner.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    const week = await owner.client.call('CreateTimeStatisticsShare', {
      points: [DAY, { start: h(0) - 24 * HOUR_MS, end: h(0) }],
    });
    const stranger = await server.signUp();
    expect((await stranger.client.call('ListTimeStatisticsShares')).shares).toEqual([]);

    const { shares } = await owner.client.call('ListTimeStatisticsShares');
    expect(shares.map((s) => s.id).sort()).toEqual([day.id, week.id].sort());
    const listedWeek = shares.find((s) => s.id === week.id);
    expect(listedWeek).toEqual({
      id: week.id,
      url: week.url,
      createdAt: expect.any(Number) as number,
      start: h(0) - 24 * HOUR_MS,
      end: DAY.end,
      periodCount: 2,
    });
    const unsigned = await rpcError(server.client().call('ListTimeStatisticsShares'));
    expect(unsigned.code).toBe(16);
  });

  it('a revoked link answers not found; nobody else can revoke it', async () => {
    const owner = await server.signUp();
    await owner.client.call('UpdateUser', { name: 'Owner' });
    const { id } = await owner.client.call('CreateTimeStatisticsShare', { points: [DAY] });
    const stranger = await server.signUp();
    const theirs = await rpcError(stranger.client.call('RevokeTimeStatisticsShare', { id }));
    expect(theirs.code).toBe(404);
    expect((await server.client().call('GetTimeStatisticsShare', { id })).name).toBe('Owner');

    await owner.client.call('RevokeTimeStatisticsShare', { id });
    expect((await rpcError(server.client().call('GetTimeStatisticsShare', { id }))).code).toBe(404);
    expect((await owner.client.call('ListTimeStatisticsShares')).shares).toEqual([]);
    const again = await rpcError(owner.client.call('RevokeTimeStatisticsShare', { id }));
    expect(again.code).toBe(404);
    const long = await rpcError(
      owner.client.call('RevokeTimeStatisticsShare', { id: 'A'.repeat(65) }),
    );
    expect(long.code).toBe(400);
  });
});
