import { RpcError } from '@planner/protocol';
import { expect } from 'vitest';
import { listCategories } from '../categories/categories-repository';
import type { SignedUpUser, SignUpOverrides, TestServer } from '../testing/test-server';

export interface Planner extends SignedUpUser {
  /** One of the categories every new account gets. */
  categoryId: string;
}

export async function signUpPlanner(
  server: TestServer,
  overrides: SignUpOverrides = {},
): Promise<Planner> {
  const user = await server.signUp(overrides);
  const categories = await listCategories(server.database.db, user.userId);
  const categoryId = categories[0]?.id;
  if (!categoryId) throw new Error('a new account has no categories');
  return { ...user, categoryId };
}

/** Fails unless the call is refused with this code (and message, when given). */
export async function expectRpcError(
  call: Promise<unknown>,
  code: number,
  message?: string,
): Promise<RpcError> {
  const error: unknown = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcError);
  const rpcError = error as RpcError;
  expect(rpcError.code).toBe(code);
  if (message !== undefined) expect(rpcError.message).toContain(message);
  return rpcError;
}

/** Sets the account's tier (there is no method for it yet: subscriptions come later). */
export function setPremiumLevel(server: TestServer, userId: string, level: number): Promise<void> {
  return server.setPremiumLevel(userId, level);
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * A person in `zone` with three one-hour tasks (A, B, C) made at `dayStart`, planned one after
 * another from the first free hour; the clock is then set to `now`.
 */
export async function personWithThreeTasks(
  server: TestServer,
  zone: string,
  dayStart: number,
  now: number,
): Promise<Planner> {
  server.clock.set(dayStart);
  const user = await signUpPlanner(server, { timezone: zone });
  for (const title of ['A', 'B', 'C']) {
    await user.client.call('PutTask', {
      task: { title, category: { id: user.categoryId }, timeScheduled: HOUR },
    });
    server.clock.advance(1);
  }
  server.clock.set(now);
  return user;
}

/** The starts of the person's task blocks from the day before `around` to two days after. */
export async function plannedStarts(user: Planner, around: number): Promise<number[]> {
  const timeline = await user.client.call('GetTimeline', {
    start: around - DAY,
    end: around + 2 * DAY,
    version: 4,
  });
  return timeline.blockContainers
    .flatMap(({ timeblock: b }) => (b?.task && !b.locking ? [b.start] : []))
    .sort((a, b) => a - b);
}
