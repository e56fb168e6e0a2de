import { normalizeEmail } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { createVoucher } from '../tiers/redeem';
import { setLevelByEmail } from './admin-repository';

/** A refusal the operator can act on: printed as one line with the usage. */
export class AdminUsageError extends Error {
  override name = 'AdminUsageError';
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  set-level <email> <0|1|2>                               the account's own level (0 free, 1 premium, 2 unlimited)
  redeem-code create --level <1|2> --days <n> --uses <n>  prints a new redeem code`;

function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number {
  const value = Number(raw);
  if (raw === undefined || !/^\d+$/u.test(raw) || value < min || value > max) {
    throw new AdminUsageError(
      `${name} must be a whole number from ${min} to ${max}, got "${raw ?? ''}"`,
    );
  }
  return value;
}

/** `--name value` pairs; anything else is refused. */
function parseFlags(args: readonly string[], names: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/u, '') ?? '';
    if (!args[i]?.startsWith('--') || !names.includes(name) || args[i + 1] === undefined) {
      throw new AdminUsageError(`unexpected "${args.slice(i).join(' ')}"`);
    }
    flags.set(name, args[i + 1] ?? '');
  }
  return flags;
}

/**
 * Runs one operator command against the database (docs/tiers-and-referrals.md); answers the line
 * to print. Levels set here are the account's own (`users.premium_level`): the derived level is
 * the highest of it, redeemed codes and subscriptions.
 */
export async function runAdmin(
  db: Kysely<Schema>,
  args: readonly string[],
  now: number,
): Promise<string> {
  const [command, ...rest] = args;
  if (command === 'set-level') {
    const [rawEmail, rawLevel, ...extra] = rest;
    if (!rawEmail || extra.length > 0)
      throw new AdminUsageError('set-level takes an e-mail and a level');
    const level = wholeNumber('level', rawLevel, 0, 2);
    const email = normalizeEmail(rawEmail);
    if (!(await setLevelByEmail(db, email, level)))
      throw new AdminUsageError(`no account has the e-mail ${email}`);
    return `${email} now has level ${level}`;
  }
  if (command === 'redeem-code' && rest[0] === 'create') {
    const flags = parseFlags(rest.slice(1), ['level', 'days', 'uses']);
    const level = wholeNumber('--level', flags.get('level'), 1, 2) as 1 | 2;
    const days = wholeNumber('--days', flags.get('days'), 1, 3660);
    const uses = wholeNumber('--uses', flags.get('uses') ?? '1', 1, 1_000_000);
    return createVoucher(db, { level, days, uses }, now);
  }
  throw new AdminUsageError(command ? `unknown command "${args.join(' ')}"` : 'no command');
}
