import { premiumLevelOf, type PremiumLevel } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { TiersTables } from './tables';

/** The pool or the call's transaction. */
type Reader = Kysely<Schema>;

/**
 * Another place a level can come from, answering 0 when it grants none. Subscriptions register
 * theirs (`registerPremiumLevelSource`) where their methods are made; a source must read only
 * the given user's rows and compare expiry with `now` (never a job: docs/tiers-and-referrals.md).
 */
export type PremiumLevelSource = (db: Reader, userId: string, now: number) => Promise<number>;

const sources = new Map<string, PremiumLevelSource>();

/** Adds (or replaces, by name) a source of the derived level. */
export function registerPremiumLevelSource(name: string, source: PremiumLevelSource): void {
  sources.set(name, source);
}

/**
 * EVERYONE_UNLIMITED: a private install where every account is unlimited. A property of the
 * install, set once where the app builds its methods (createTiersMethods).
 */
let everyoneUnlimited = false;

export function setEveryoneUnlimited(on: boolean): void {
  everyoneUnlimited = on;
}

/** The highest level a redeemed code still grants at `now` (0 for none). */
export async function redeemedLevel(db: Reader, userId: string, now: number): Promise<number> {
  const row = await db
    .withTables<TiersTables>()
    .selectFrom('voucher_grants')
    .select((eb) => eb.fn.max('level').as('level'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.level ?? 0);
}

/**
 * The user's premiumLevel (0 free, 1 premium, 2 unlimited): the highest of the level the operator
 * set (`users.premium_level`), an unexpired redeemed code, every registered source (an active
 * subscription) and EVERYONE_UNLIMITED. Derived on every read, so an expiry needs no job.
 */
export async function derivePremiumLevel(
  db: Reader,
  userId: string,
  operatorLevel: number,
  now: number,
): Promise<PremiumLevel> {
  if (everyoneUnlimited) return 2;
  let level = Math.max(operatorLevel, await redeemedLevel(db, userId, now));
  for (const source of sources.values()) {
    if (level >= 2) break;
    level = Math.max(level, await source(db, userId, now));
  }
  return premiumLevelOf(level);
}
