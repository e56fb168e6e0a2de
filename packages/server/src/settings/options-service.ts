import type { Plain, TimeZoneInfo } from '@planner/protocol';
import type { StoredUserOptions } from '../accounts/account';
import { updateOptions } from '../accounts/accounts-repository';
import { getAccount } from '../accounts/accounts-service';
import type { AuthedContext } from '../rpc/context';
import { openTimeline, saveTimeline, settle } from '../timeline/timeline-session';
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
 * stays as it was lived), then planned again under the new ones, and the user's other devices
 * are told (timelineUpdatedAt moves).
 */
export async function writeOptions(
  ctx: AuthedContext,
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
  if (replans) await saveTimeline(await openTimeline(db, userId, now, { forWrite: true }));
  await updateOptions(db, userId, next);
  if (replans) {
    const session = await openTimeline(db, userId, now, { forWrite: true });
    settle(session);
    await saveTimeline(session, true);
    ctx.notify('timelineStateUpdated');
  }
  return next;
}
