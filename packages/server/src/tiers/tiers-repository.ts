import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Schema } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { TransactionMemo } from '../db/transaction-memo';

/**
 * Everything the tier follows, as one statement reads it: none of it depends on the time of the
 * call, so the session read carries it along (accounts-repository.ts) and a call that plans
 * reads nothing more for its tier (docs/tiers-and-referrals.md, "Reading the tier").
 */
export interface TierFacts {
  /** The latest instant until which a code or a subscription grants level 1 or more (0: none). */
  premiumUntil: number;
  /** The same for level 2. */
  unlimitedUntil: number;
  /** Friends referred whose e-mail is verified. */
  activeReferralCount: number;
  /** Friends referred who have not verified their e-mail yet. */
  unverifiedReferralCount: number;
  isReferred: boolean;
}

/**
 * Another place a level can come from: a SELECT of one column `until` (the instant the level
 * ends) over the rows granting at least `level` to the user `userId` stands for. Subscriptions
 * register theirs where their methods are made, before the first call
 * (`registerPremiumLevelSource`); a source must read only that user's rows.
 */
export type PremiumLevelSource = (userId: RawBuilder<unknown>, level: 1 | 2) => RawBuilder<unknown>;

const sources = new Map<string, PremiumLevelSource>();

/**
 * Adds (or replaces, by name) a source of the level. The statements are compiled at their first
 * run with the sources registered then: register before the app serves.
 */
export function registerPremiumLevelSource(name: string, source: PremiumLevelSource): void {
  if (columnsBuilt && !sources.has(name)) {
    throw new Error(`premium level source ${name} registered after the tier statements were built`);
  }
  sources.set(name, source);
}

/** Set once a statement has been built with the sources: a new one would be left out of it. */
let columnsBuilt = false;

const redeemedSource: PremiumLevelSource = (userId, level) =>
  sql`select expires_at as until from voucher_grants where user_id = ${userId} and level >= ${sql.lit(level)}`;

/** The latest `until` any source grants `level` to `userId`, as one scalar subquery. */
function untilColumn<A extends string>(userId: RawBuilder<unknown>, level: 1 | 2, alias: A) {
  const selects = [redeemedSource, ...sources.values()].map((source) => source(userId, level));
  return sql<
    number | string | null
  >`(select max(until) from (${sql.join(selects, sql` union all `)}) as grants)`.as(alias);
}

/**
 * The columns of the tier facts for the user whose id the column `userId` holds, to add to a
 * select: `tier_premium_until`, `tier_unlimited_until`,
 * `tier_active_referrals`, `tier_unverified_referrals`, `tier_referred`.
 */
export function tierColumns(userId: RawBuilder<unknown>) {
  columnsBuilt = true;
  return [
    untilColumn(userId, 1, 'tier_premium_until'),
    untilColumn(userId, 2, 'tier_unlimited_until'),
    sql<
      number | string
    >`(select count(*) from referrals r join users f on f.user_id = r.user_id where r.referrer_id = ${userId} and f.email_verified = 1)`.as(
      'tier_active_referrals',
    ),
    sql<
      number | string
    >`(select count(*) from referrals r join users f on f.user_id = r.user_id where r.referrer_id = ${userId} and f.email_verified <> 1)`.as(
      'tier_unverified_referrals',
    ),
    sql<number | string>`(select count(*) from referrals where user_id = ${userId})`.as(
      'tier_referred',
    ),
  ] as const;
}

/** A row holding the tier columns (numbers on SQLite, int8 as strings on PostgreSQL). */
export interface TierColumnsRow {
  tier_premium_until: number | string | null;
  tier_unlimited_until: number | string | null;
  tier_active_referrals: number | string;
  tier_unverified_referrals: number | string;
  tier_referred: number | string;
}

function toTierFacts(row: TierColumnsRow): TierFacts {
  return {
    premiumUntil: Number(row.tier_premium_until ?? 0),
    unlimitedUntil: Number(row.tier_unlimited_until ?? 0),
    activeReferralCount: Number(row.tier_active_referrals),
    unverifiedReferralCount: Number(row.tier_unverified_referrals),
    isReferred: Number(row.tier_referred) > 0,
  };
}

const tierFactsMemo = new TransactionMemo<TierFacts>();

/** Keeps the facts the session read brought for the rest of the call's transaction. */
export function rememberTierFacts(db: Kysely<Schema>, userId: string, row: TierColumnsRow): void {
  tierFactsMemo.set(db, userId, toTierFacts(row));
}

/** Every write of a grant, a subscription or a referral of `userId` calls this first. */
export function forgetTierFacts(db: Kysely<Schema>, userId: string): void {
  tierFactsMemo.forget(db, userId);
}

const tierFactsById = preparedQuery((db, $) =>
  db
    .selectFrom('users')
    .select(tierColumns(sql.ref('users.user_id')))
    .where('user_id', '=', $<string>(0)),
);

/** The user's tier facts: those the session read brought, else one statement. */
export async function loadTierFacts(db: Kysely<Schema>, userId: string): Promise<TierFacts> {
  const kept = tierFactsMemo.get(db, userId);
  if (kept) return kept;
  const [row] = (await tierFactsById(db, [userId])).rows;
  const facts = row
    ? toTierFacts(row)
    : {
        premiumUntil: 0,
        unlimitedUntil: 0,
        activeReferralCount: 0,
        unverifiedReferralCount: 0,
        isReferred: false,
      };
  tierFactsMemo.set(db, userId, facts);
  return facts;
}

/** The account's e-mail (a redeem code may be for one address); undefined once it is gone. */
export async function findAccountEmail(
  db: Kysely<Schema>,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email;
}
