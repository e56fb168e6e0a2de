import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, toWallClock } from '@planner/core';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Kysely } from 'kysely';
import { planBlocksBetween } from '../timeline/plan-blocks';
import type { SecretBox } from '../calendar-sync/secret-box';
import type { Schema } from '../db/schema';
import { listEventInstances } from '../events/event-instances';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { deleteFeed, findFeedOwner, findSealedSecret, saveFeedSecret } from './ics-feed-repository';

type Db = Kysely<Schema>;

/** The feed covers this much of the past and of the future, from the time it is read. */
const FEED_PAST_MS = 7 * DAY_MS;
const FEED_FUTURE_MS = 30 * DAY_MS;

/** 32 random bytes, base64url without padding: always 43 characters of [A-Za-z0-9_-]. */
const SECRET_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The product's identifier in PRODID and the right-hand side of every UID. */
const UID_DOMAIN = 'planner';

/** Only the hash of a secret is looked up: a database copy does not hold the URLs. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` has the form every secret has (checked before any query). */
export function isSecretForm(secret: string): boolean {
  return SECRET_FORM.test(secret);
}

export function feedUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/ics/${secret}.ics`;
}

/** The user's feed secret, opened; '' when there is none or it no longer opens (key changed). */
export async function readFeedSecret(db: Db, box: SecretBox, userId: string): Promise<string> {
  const sealed = await findSealedSecret(db, userId);
  if (sealed === undefined) return '';
  try {
    return box.open(sealed);
  } catch {
    return '';
  }
}

/** A new secret for the user's feed: the previous one (if any) stops working at once. */
export async function createFeedSecret(
  db: Db,
  box: SecretBox,
  userId: string,
  now: number,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const row = {
    user_id: userId,
    secret_hash: hashSecret(secret),
    secret_sealed: box.seal(secret),
    created_at: now,
  };
  await saveFeedSecret(db, row);
  return secret;
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await deleteFeed(db, userId);
}

/** The user a secret belongs to, or undefined (unknown or revoked). */
export async function feedOwner(db: Db, secret: string): Promise<string | undefined> {
  return findFeedOwner(db, hashSecret(secret));
}

/** A calendar date (all-day value) as ical-generator writes it: the UTC parts of a Date. */
function dateOnly(instant: number, timeZone: string): Date {
  const wall = toWallClock(instant, timeZone);
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
}

/**
 * The user's events (every instance, recurring series expanded) and task blocks (stored and
 * planned) of [now - 7 days, now + 30 days) as an iCalendar document. Timed values are written
 * in UTC (exact on every daylight-saving day, no VTIMEZONE needed); all-day events are dates in
 * their own zone (else the user's); X-WR-TIMEZONE names the user's zone for clients that show
 * times in it. Replays the plan like a GetTimeline read: run inside a transaction.
 */
export async function buildFeed(
  db: Db,
  userId: string,
  now: number,
): Promise<{ body: string; changed: boolean }> {
  const start = now - FEED_PAST_MS;
  const end = now + FEED_FUTURE_MS;
  const { timezone } = await loadPlanningProfile(db, userId, now);
  const events = (await listEventInstances(db, userId, start, end, timezone)).filter(
    (e) => e.start < end && e.end > start,
  );
  const { blocks, changed } = await planBlocksBetween(db, userId, now, start, end);

  const calendar = ical({
    name: 'Planner',
    prodId: { company: 'Planner', product: 'Planner', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
    x: { 'X-WR-TIMEZONE': timezone },
  });
  const stamp = new Date(now);
  for (const e of events) {
    const zone = e.timezone || timezone;
    calendar.createEvent({
      id: `${e.id}-${e.instanceNumber}@${UID_DOMAIN}`,
      summary: e.title,
      stamp,
      ...(e.allDay
        ? {
            allDay: true,
            start: dateOnly(e.start, zone),
            // An all-day event ends at the midnight after its last day: the exclusive DTEND.
            end: dateOnly(Math.max(e.end, e.start + 1), zone),
          }
        : { start: new Date(e.start), end: new Date(e.end) }),
      ...(e.category?.title ? { categories: [{ name: e.category.title }] } : {}),
      ...(e.source ? { x: { 'X-PLANNER-SOURCE': e.source } } : {}),
    });
  }
  for (const b of blocks) {
    calendar.createEvent({
      id: `${b.id}@${UID_DOMAIN}`,
      summary: b.title,
      stamp,
      start: new Date(b.start),
      end: new Date(b.end),
      x: { 'X-PLANNER-KIND': b.planned ? 'planned' : 'block' },
    });
  }
  return { body: calendar.toString(), changed };
}
