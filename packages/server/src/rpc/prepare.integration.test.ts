import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { AccountsService, ErrorCode, packChainSteps } from '@planner/protocol';
import { findCredentials, insertUser } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import { ManualClock } from '../clock';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { LocalRealtimeHub } from '../realtime/realtime-hub';
import type { AuthedPrepareContext, RequestInfo } from './context';
import { defineMethod } from './define-method';
import { AppError, invalid } from './errors';
import { MEMORY_LIMITS, RateLimiters } from './rate-limit';
import { RpcRuntime } from './rpc-runtime';

/** A promise the test resolves by hand: holds a `prepare` step open. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const info = (token?: string): RequestInfo => ({
  requestId: 'r1',
  ip: '10.0.0.1',
  userAgent: '',
  timezone: 'UTC',
  region: '',
  token,
});

let database: Database;
let slow = gate();
const seen: { prepared?: unknown; userId?: string; foundInChain?: boolean } = {};
let handlerRuns = 0;

const baseAccount = {
  id: '',
  email: '',
  name: '',
  hasPassword: true,
  createdAt: 0,
  premiumLevel: 0,
  emailVerified: false,
  debugEnabled: false,
  referralCode: '',
  options: defaultUserOptions(),
};

// Stand-ins bound to real descriptors: the runtime only needs their input and output types.
const definitions = [
  // 'none', prepare held open by the test: like a sign-in hashing a password.
  defineMethod(AccountsService.method.requestPasswordReset, {
    auth: 'none',
    prepare: async (input) => {
      await slow.opened;
      if (input.email === 'refused') throw invalid('invalid.enterEmail');
      return { length: input.email.length };
    },
    handler: async (_input, ctx, prepared) => {
      expectTypeOf(prepared).toEqualTypeOf<{ length: number }>();
      await ctx.db.selectFrom('users').select('user_id').execute();
      seen.prepared = prepared;
      handlerRuns += 1;
      return {};
    },
  }),
  // 'none', no prepare: a quick call of some other user, and a writer for Chain.
  defineMethod(AccountsService.method.updateUser, {
    auth: 'none',
    handler: async (input, ctx, prepared) => {
      expectTypeOf(prepared).toEqualTypeOf<undefined>();
      if (input.name) {
        const account = { ...baseAccount, id: input.name, email: `${input.name}@example.com` };
        await insertUser(ctx.db, account, 'hash');
      }
      await ctx.db.selectFrom('users').select('user_id').execute();
      return {};
    },
  }),
  // 'required' with prepare: sees the session; in a Chain, sees the earlier steps' writes.
  defineMethod(AccountsService.method.revokeSession, {
    auth: 'required',
    prepare: async (input, ctx) => {
      expectTypeOf(ctx).toEqualTypeOf<AuthedPrepareContext>();
      seen.userId = ctx.userId;
      seen.foundInChain = Boolean(await findCredentials(ctx.db, `${input.session}@example.com`));
      return ctx.sessionId;
    },
    handler: async (_input, ctx, prepared) => {
      expect(prepared).toBe(ctx.sessionId);
      return {};
    },
  }),
];

let runtime: RpcRuntime;
beforeAll(async () => {
  database = await createTestDatabase();
  runtime = new RpcRuntime({
    db: database.db,
    clock: new ManualClock(0),
    authenticator: {
      authenticate: async (_db, token) =>
        token === 'live' ? { userId: 'u1', sessionId: 's1' } : undefined,
    },
    rateLimiters: new RateLimiters({}, MEMORY_LIMITS),
    realtime: new LocalRealtimeHub(),
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

describe('prepare', () => {
  it('runs before the transaction: other calls go on while it works, the handler gets its answer', async () => {
    slow = gate();
    const pending = runtime.call(method('RequestPasswordReset'), { email: 'abc' }, info());
    // With the transaction open during prepare, SQLite's one connection would stay taken
    // and these would wait until the gate opened (never).
    for (let i = 0; i < 3; i++) {
      await expect(runtime.call(method('UpdateUser'), {}, info())).resolves.toEqual({});
    }
    expect(handlerRuns).toBe(0);
    slow.open();
    await expect(pending).resolves.toEqual({});
    expect(seen.prepared).toEqual({ length: 3 });
  });

  it('answers its error without running the handler', async () => {
    slow = gate();
    slow.open();
    const before = handlerRuns;
    const error: unknown = await runtime
      .call(method('RequestPasswordReset'), { email: 'refused' }, info())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: ErrorCode.InvalidInput, message: 'invalid.enterEmail' });
    expect(handlerRuns).toBe(before);
  });

  it("does no work for a 'required' method without a live session, and sees the user with one", async () => {
    seen.userId = undefined;
    await expect(
      runtime.call(method('RevokeSession'), { session: '' }, info('dead')),
    ).rejects.toMatchObject({ code: ErrorCode.SessionInvalid });
    expect(seen.userId).toBeUndefined();
    await runtime.call(method('RevokeSession'), { session: '' }, info('live'));
    expect(seen.userId).toBe('u1');
  });

  it("runs inside a Chain's transaction and sees the earlier steps' writes", async () => {
    const steps = packChainSteps([
      { method: 'UpdateUser', data: { name: 'chained' } },
      { method: 'RevokeSession', data: { session: 'chained' } },
    ]);
    const answer = await runtime.chain({ steps }, info('live'));
    expect(answer.errorIndex).toBe(-1);
    expect(seen.foundInChain).toBe(true);
  });
});
