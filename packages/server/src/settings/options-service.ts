import { isSupportedLocale } from '@planner/core';
import type { Plain, TimeZoneInfo } from '@planner/protocol';
import type { StoredUserOptions } from '../accounts/account';
import { updateOptions } from '../accounts/accounts-repository';
import { retitleDefaultCategories } from '../categories/default-categories';
import { getAccount } from '../accounts/accounts-service';
import type { AuthedContext, ReplanningContext } from '../rpc/context';
import { applyOptions, PLANNING_OPTIONS, type parseOptionFields } from './options-rules';
import { describeZone, territoryOfZone } from './time-zones';

type OptionName = ReturnType<typeof parseOptionFields>[number];

export async function readOptions(ctx: AuthedContext): Promise<StoredUserOptions> {
  return (await getAccount(ctx.db, ctx.userId)).options;
}

/** The zone as the options keep it beside its name (its short GMT name now, its territory). */
function zoneInfoOf(zone: string, now: number): Plain<TimeZoneInfo> {
  const type = territoryOfZone(zone);
  const { gmtShortName } = describeZone(zone, type, 'en', now);
  return { name: zone, gmtShortName, type };
}

/**
 * Writes `fields` of `sent` (each checked, 400 naming a bad one). A new zone or rest window
 * re-plans at once: the timeline is first brought up to now under the old options (the past
 * stays as it was lived), then planned again under the new ones (the runtime settles the plan
 * opened here after the call and tells the user's other devices: timelineUpdatedAt moves).
 */
export async function writeOptions(
  ctx: ReplanningContext,
  sent: StoredUserOptions,
  fields: readonly OptionName[],
): Promise<StoredUserOptions> {
  const { db, userId } = ctx;
  const now = ctx.now();
  const stored = await readOptions(ctx);
  const next = applyOptions(stored, sent, fields);
  if (next.timezone !== stored.timezone) {
    next.timeZoneInfo = zoneInfoOf(next.timezone, now);
  }
  const replans = PLANNING_OPTIONS.some((field) => next[field] !== stored[field]);
  if (replans) await ctx.plan.catchUp(now);
  await updateOptions(db, userId, next);
  // A language chosen by name renames the default categories the person kept as they were
  // ('local' follows a device language the server does not know: the titles stay).
  if (
    next.locale !== stored.locale &&
    isSupportedLocale(next.locale) &&
    (await retitleDefaultCategories(db, userId, next.locale, now))
  ) {
    ctx.changed('categoryUpdated');
  }
  if (replans) await ctx.plan.open(now);
  return next;
}
