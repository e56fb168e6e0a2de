import type { DescMessage } from '@bufbuild/protobuf';
import { decodeMessage, encodeMessage, type PlainInitOf } from '@planner/protocol';
import type { Kysely } from 'kysely';
import { HOUR_MS } from '@planner/core';
import type { Schema } from '../db/schema';
import { invalid } from './errors';
import { claimCall, claimedCall, forgetOldCalls, storeAnswer } from './idempotency-repository';

/** How long a key is remembered: longer than any offline stretch a queued change waits out. */
export const IDEMPOTENCY_WINDOW_MS = 24 * HOUR_MS;

/** What clients send: 16 to 64 letters, digits, '-' or '_' (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[\w-]{16,64}$/;

const EMPTY_TYPE = 'google.protobuf.Empty';

export interface KeyedCall {
  userId: string;
  key: string;
  method: string;
  output: DescMessage;
  now: number;
}

/**
 * Runs a signed-in call once per key, inside the call's own transaction: the key is claimed
 * first (a concurrent call with the same key waits on the claim, then finds it), the call runs,
 * and its answer is stored with the claim. The same key again answers the stored answer and
 * changes nothing; a failed call rolls its claim back with everything else, so it may be sent
 * again. A key reused for another method is refused.
 */
export async function runOnce(
  trx: Kysely<Schema>,
  call: KeyedCall,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const { userId, key, method, output, now } = call;
  await forgetOldCalls(trx, userId, now - IDEMPOTENCY_WINDOW_MS);
  const isClaimed = await claimCall(trx, { userId, key, method, now });
  if (!isClaimed) {
    const earlier = await claimedCall(trx, userId, key);
    if (earlier.method !== method)
      throw invalid(`The idempotency key was used for ${earlier.method}, not ${method}`);
    if (output.typeName === EMPTY_TYPE) return {};
    return decodeMessage(output, Buffer.from(earlier.answer, 'base64'), 'binary');
  }
  const answer = await run();
  if (output.typeName !== EMPTY_TYPE) {
    const bytes = encodeMessage(output, answer as PlainInitOf<typeof output>, 'binary');
    await storeAnswer(trx, userId, key, Buffer.from(bytes).toString('base64'));
  }
  return answer;
}
