import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '@planner/protocol';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { bodyArbitrary, type FuzzContext } from './body-arbitrary';
import type { Target } from './owner-world';
import { probeBody } from './probe-bodies';
import { answeredOutOfRange, storedOutOfRange } from './stored-ranges';

/** Runs per method; FUZZ_RUNS=500 goes deeper locally. The seed keeps CI repeatable. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let server: TestServer;
let user: Planner;
let ctx: FuzzContext;

async function seedAccount(): Promise<Target[]> {
  const c = user.client;
  const base = { category: { id: user.categoryId }, timeScheduled: HOUR, deadline: -1 };
  const { task } = await c.call('PutTask', {
    task: { ...base, title: 'fuzz task', checklist: [{ content: 'item', sort: 1 }] },
  });
  const { task: daily } = await c.call('PutTask', {
    task: { ...base, title: 'fuzz daily', recurrenceRule: { freq: 'DAILY', interval: 1 } },
  });
  const { event } = await c.call('CreateEvent', {
    event: {
      title: 'fuzz event',
      start: TEST_NOW + HOUR,
      end: TEST_NOW + 2 * HOUR,
      recurrenceRule: { freq: 'WEEKLY', interval: 1 },
      category: { id: user.categoryId },
    },
  });
  const { reminder } = await c.call('CreateReminder', {
    reminder: {
      title: 'fuzz reminder',
      start: TEST_NOW + DAY,
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    },
  });
  const { category } = await c.call('PutCategory', { category: { title: 'fuzz category' } });
  const state = await c.call('OrganizeTimeblocks', { nextTask: task?.id });
  const { timeblock } = await c.call('AddTimeblock', {
    timeblock: { task: { id: daily?.id }, start: TEST_NOW - 3 * HOUR, end: TEST_NOW - 2 * HOUR },
  });
  const targets: Partial<Target>[] = [
    // No id: the bodies that create.
    { id: '' },
    { id: task?.id },
    { id: task?.checklist[0]?.id },
    { id: daily?.id },
    { id: event?.id, start: event?.start, instanceNumber: 0 },
    { id: event?.id, start: (event?.start ?? 0) + 7 * DAY, instanceNumber: 1, isVirtual: true },
    { id: reminder?.id, start: reminder?.origin },
    { id: reminder?.instanceId, start: reminder?.origin },
    { id: category?.id },
    { id: state.currentBlock?.timeblock, start: state.currentBlock?.start },
    { id: timeblock?.id, start: timeblock?.start },
    { id: `planned:${task?.id}:${TEST_NOW}`, start: TEST_NOW },
    { id: `locked:${daily?.id}` },
    { id: `event:${event?.id}:1`, start: (event?.start ?? 0) + 7 * DAY },
  ];
  return targets
    .filter((t) => typeof t.id === 'string')
    .map((t) => ({ kind: 'own', id: t.id ?? '', ...t }));
}

beforeAll(async () => {
  // Wrong passwords to the fuzzing account would otherwise slow its sign-ins down to seconds.
  server = await startTestServer({ config: { signInDelay: undefined } });
  user = await signUpPlanner(server, { premiumLevel: 2 });
  const targets = await seedAccount();
  const probe = (target: Target) => ({
    target,
    ownerEmail: user.email,
    ownCategoryId: user.categoryId,
  });
  ctx = {
    ids: targets.map((t) => t.id).filter((id) => id !== ''),
    bases: (input) => targets.map((target) => probeBody(input, probe(target))),
  };
});
afterAll(() => server.close());

/** A fuzzed RevokeSession ends the session it came with; the next call needs a new one. */
async function signInAgain(): Promise<void> {
  const answer = await server.postJson('CreateSession', {
    email: user.email,
    password: user.password,
  });
  user = { ...user, token: String(answer.body.authToken) };
}

function post(method: string, body: string | Uint8Array, json: boolean) {
  return server.post(method, body, {
    authorization: `Bearer ${user.token}`,
    'content-type': json ? 'application/json' : 'application/x-protobuf',
  });
}

async function expectNoFault(method: string, body: string | Uint8Array, json: boolean) {
  const response = await post(method, body, json);
  const text = await response.text();
  if (response.ok) accepted.set(method, (accepted.get(method) ?? 0) + 1);
  if (response.status >= 500) {
    const shown = typeof body === 'string' ? body.slice(0, 500) : Buffer.from(body).toString('hex');
    throw new Error(`${method} answered ${response.status} ${text} to ${shown}`);
  }
  if (method === 'RevokeSession' && response.ok) await signInAgain();
}

/** Bodies each method took (2xx): a fuzz that only ever met 400s would prove little. */
const accepted = new Map<string, number>();
const WRITES = ['PutTask', 'PutMultipleTasks', 'CreateEvent', 'CreateReminder', 'PutCategory'];

const names = [...methods.keys()];
const options = (runs: number) => ({ seed: SEED, numRuns: runs, endOnFailure: true });

describe('fuzzed bodies for every method', () => {
  it.each(names)('%s answers no 5xx to fuzzed JSON bodies', async (name) => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(name, ctx), (body) =>
        expectNoFault(name, JSON.stringify(body), true),
      ),
      options(RUNS),
    );
  });

  it.each(names)('%s answers no 5xx to random binary bodies', async (name) => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), (bytes) =>
        expectNoFault(name, bytes, false),
      ),
      options(Math.ceil(RUNS / 3)),
    );
  });

  it('stored nothing out of range, as the database holds it and as the API answers it', async () => {
    const client = server.client(user.token);
    const writes = WRITES.map((name) => accepted.get(name) ?? 0);
    expect(writes.reduce((a, b) => a + b)).toBeGreaterThan(0);
    expect(await storedOutOfRange(server.database, user.userId)).toEqual([]);
    expect(await answeredOutOfRange(client)).toEqual([]);
  });

  it('left an account whose agenda still reads: a week of timeline, a year of reminders', async () => {
    const client = server.client(user.token);
    const week = { start: TEST_NOW - 3 * DAY, end: TEST_NOW + 4 * DAY };
    const timeline = await client.call('GetTimeline', { ...week, version: 4, includeAll: true });
    expect(timeline.timelineState?.serverTime).toBe(server.clock.now());
    // A year, a month at a time (a window holds at most so many occurrences).
    let reminders = 0;
    for (let from = TEST_NOW - 180 * DAY; from < TEST_NOW + 180 * DAY; from += 30 * DAY) {
      const month = { start: from, end: from + 30 * DAY };
      reminders += (await client.call('GetReminders', month)).reminders.length;
    }
    expect(reminders).toBeGreaterThan(0);
    expect((await client.call('GetOverdueReminders')).reminders).toBeDefined();
  });
});
