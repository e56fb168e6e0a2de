import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { findSku } from './skus';
import { subscriptionLevel } from './subscriptions-repository';

/**
 * What the user's store subscriptions contribute to the derived premium level (0, 1 or 2):
 * the highest tier among subscriptions the store confirmed and whose paid period has not ended.
 */
export function activeSubscriptionLevel(
  db: Kysely<Schema>,
  userId: string,
  now: number,
): Promise<number> {
  return subscriptionLevel(db, userId, now, (skuId) => findSku(skuId)?.level ?? 0);
}
