/**
 * Rows of referrals and redeem codes (docs/tiers-and-referrals.md). Instants int8 ms. Type aliases,
 * not interfaces: Kysely's withTables needs their implicit index signature.
 */

/** One referred account: `user_id` entered the code of `referrer_id`. One row per account at most. */
type ReferralRow = {
  user_id: string;
  referrer_id: string;
  created_at: number;
};

/**
 * A redeem code made by the operator (`npm run admin -- redeem-code create`). Not a user's row:
 * `voucher_id` is the code itself (upper case).
 */
type VoucherRow = {
  voucher_id: string;
  level: number;
  days: number;
  /** How many accounts may redeem it. */
  uses: number;
  /** How many have (raised in the same statement that checks `uses`). */
  used: number;
  created_at: number;
};

/** A level an account holds from a redeemed code until `expires_at`. */
type VoucherGrantRow = {
  user_id: string;
  voucher_id: string;
  level: number;
  granted_at: number;
  expires_at: number;
};

export type TiersTables = {
  referrals: ReferralRow;
  vouchers: VoucherRow;
  voucher_grants: VoucherGrantRow;
};
