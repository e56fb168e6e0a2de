import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService, packChainSteps } from '@planner/protocol';
import { insertUser } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import { ManualClock } from '../clock';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { initTimelineState, loadTimelineState } from '../plan-store/timeline-state';
import { LocalRealtimeHub, type RealtimeMessage } from '../realtime/realtime-hub';
import type { RequestInfo } from './context';
import { defineMethod } from './define-method';
import { invalid } from './errors';
import { MEMORY_LIMITS, RateLimiters } from './rate-limit';
import { RpcRuntime } from './rpc-runtime';

const USER = 'u1';
const SESSION = 's1';
const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0));

const info: RequestInfo = {
  requestId: 'r1',
  ip: '10.0.0.1',
  userAgent: '',
  timezone: 'UTC',
  region: '',
  token: 'live',
};

// Stand-ins bound to real descriptors: the runtime only needs their input and output types.
// RevokeSession reports what its `session` names; UpdateUser reports a change its write would
// have recorded itself ('announce') when its `name` is 'changed'.
const definitions = [
  defineMethod(AccountsService.method.revokeSession, {
    auth: 'required',
    mayChange: { reminderStateUpdated: 'record', categoryUpdated: 'record' },
    handler: async (input, ctx) => {
      const [report, then] = input.session.split(' ');
      if (report === 'reminder') ctx.changed('reminderStateUpdated');
      if (report === 'category') ctx.changed('categoryUpdated');
      if (report === 'undeclared') ctx.changed('timelineStateUpdated');
      if (then === 'fails') throw invalid('field "session": refused after reporting');
      return {};
    },
  }),
  defineMethod(AccountsService.method.updateUser, {
    auth: 'required',
    mayChange: { timelineStateUpdated: 'announce' },
    handler: async (input, ctx) => {
      if (input.name === 'changed') ctx.changed('timelineStateUpdated');
      return {};
    },
  }),
];

let database: Database;
let runtime: RpcRuntime;
const hub = new LocalRealtimeHub();
const received: RealtimeMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const account = {
    id: USER,
    email: `${USER}@example.com`,
    name: '',
    hasPassword: true,
    createdAt: 0,
    premiumLevel: 0,
    emailVerified: false,
    debugEnabled: false,
    referralCode: '',
    options: defaultUserOptions(),
  };
  await insertUser(database.db, account, 'hash');
  await initTimelineState(database.db, USER, {}, clock.now());
  hub.subscribe(USER, (message) => received.push(message));
  runtime = new RpcRuntime({
    db: database.db,
    clock,
    authenticator: {
      authenticate: async (_db, token) =>
        token === 'live' ? { userId: USER, sessionId: SESSION } : undefined,
    },
    rateLimiters: new RateLimiters({}, MEMORY_LIMITS),
    realtime: hub,
    definitions,
    onEffectError: (error) => {
      throw error;
    },
  });
});
afterAll(() => database.close());

const method = (name: string) => {
  const definition = runtime.find(name);
  if (!definition) throw new Error(`no ${name}`);
  return definition;
};

/** The state row's change marks. */
async function marks() {
  const state = await loadTimelineState(database.db, USER, clock.now(), false);
  return { timeline: state.timelineUpdatedAt, reminder: state.reminderUpdatedAt };
}

/** The messages published by the effects of the calls made so far (they run a tick later). */
async function published(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return received.splice(0).map((m) => `${m.type} from ${m.originSessionId}`);
}

/** Calls RevokeSession, noting what had been published when its transaction was about to commit. */
async function revoke(session: string) {
  let beforeCommit: number | undefined;
  await runtime.call(method('RevokeSession'), { session }, info, () => {
    beforeCommit = received.length;
  });
  return beforeCommit;
}

describe('changes reported by the handler (mayChange)', () => {
  it("records a reported 'record' kind in the transaction and announces it after commit", async () => {
    const before = await marks();
    clock.advance(1000);
    expect(await revoke('reminder')).toBe(0);
    const afterReminder = await marks();
    expect(afterReminder.reminder).toBeGreaterThan(before.reminder);
    expect(afterReminder.timeline).toBe(before.timeline);
    expect(await published()).toEqual([`reminderStateUpdated from ${SESSION}`]);

    clock.advance(1000);
    expect(await revoke('category')).toBe(0);
    expect((await marks()).timeline).toBeGreaterThan(before.timeline);
    expect(await published()).toEqual([`categoryUpdated from ${SESSION}`]);
  });

  it('records and announces nothing when the handler reports nothing', async () => {
    const before = await marks();
    clock.advance(1000);
    await revoke('nothing');
    expect(await marks()).toEqual(before);
    expect(await published()).toEqual([]);
  });

  it("only announces an 'announce' kind: the write that made it moved the mark", async () => {
    const before = await marks();
    clock.advance(1000);
    await runtime.call(method('UpdateUser'), { name: 'changed' }, info);
    expect(await marks()).toEqual(before);
    expect(await published()).toEqual([`timelineStateUpdated from ${SESSION}`]);
    await runtime.call(method('UpdateUser'), { name: 'same' }, info);
    expect(await published()).toEqual([]);
  });

  it('records and announces nothing when the call rolls back after reporting', async () => {
    const before = await marks();
    clock.advance(1000);
    await expect(revoke('reminder fails')).rejects.toMatchObject({
      message: 'field "session": refused after reporting',
    });
    expect(await marks()).toEqual(before);
    expect(await published()).toEqual([]);
  });

  it('announces nothing of a Chain whose later step failed', async () => {
    const before = await marks();
    clock.advance(1000);
    const steps = packChainSteps([
      { method: 'RevokeSession', data: { session: 'reminder' } },
      { method: 'UpdateUser', data: { name: 'changed' } },
      { method: 'RevokeSession', data: { session: 'nothing fails' } },
    ]);
    const answer = await runtime.chain({ steps }, info);
    expect(answer.errorIndex).toBe(2);
    expect(await marks()).toEqual(before);
    expect(await published()).toEqual([]);

    const passing = packChainSteps([
      { method: 'RevokeSession', data: { session: 'reminder' } },
      { method: 'UpdateUser', data: { name: 'changed' } },
    ]);
    expect((await runtime.chain({ steps: passing }, info)).errorIndex).toBe(-1);
    expect((await marks()).reminder).toBeGreaterThan(before.reminder);
    expect(await published()).toEqual([
      `reminderStateUpdated from ${SESSION}`,
      `timelineStateUpdated from ${SESSION}`,
    ]);
  });

  it('refuses a kind the method did not declare, as a server fault that rolls back', async () => {
    const before = await marks();
    await expect(revoke('undeclared')).rejects.toThrow(
      'RevokeSession reports timelineStateUpdated, not in its mayChange',
    );
    expect(await marks()).toEqual(before);
    expect(await published()).toEqual([]);
  });
});
