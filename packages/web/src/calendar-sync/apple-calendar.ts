import { DAY_MS, INPUT_BOUNDS, isInstantInRange } from '@planner/core';
import { call } from '../api/client';
import type { DeviceCalendarEvent, NativeBridge } from '../bridge/bridge-contract';

/** The stretch of the device calendars the shell uploads: a week back, 92 days ahead. */
export const APPLE_SYNC_PAST_MS = 7 * DAY_MS;
export const APPLE_SYNC_FUTURE_MS = 92 * DAY_MS;

/** The upload's limits, as the server bounds them. */
const MAX_EVENTS = 2000;
const MAX_ID = 300;
const MAX_TITLE = INPUT_BOUNDS.titleChars;
const MAX_CALENDAR_TITLE = 200;

export const appleBindQueryKey = ['appleCalendarBind'] as const;

/** SHA-256 (hex) of the events in a fixed order: equal sets give equal hashes. */
export async function hashEvents(events: readonly DeviceCalendarEvent[]): Promise<string> {
  const canonical = [...events]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => [e.id, e.calendarTitle, e.title, e.start, e.end, e.allDay, e.timezone]);
  const bytes = new TextEncoder().encode(JSON.stringify(canonical));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function bounded(event: DeviceCalendarEvent): DeviceCalendarEvent {
  return {
    ...event,
    id: event.id.slice(0, MAX_ID),
    title: event.title.slice(0, MAX_TITLE),
  };
}

export type AppleSyncOutcome = 'uploaded' | 'unchanged' | 'nothingBound';

/**
 * Request-sync: reads the bound calendars' events from the device, and uploads them only when
 * their hash differs from the one the server holds.
 */
export async function syncAppleCalendar(
  bridge: NativeBridge,
  now: number,
): Promise<AppleSyncOutcome> {
  const { relations } = await call('GetAppleCalendarBindRelationship');
  const titles = relations.map((relation) => relation.calendarTitle);
  if (titles.length === 0) return 'nothingBound';
  const read = await bridge.readCalendarEvents(
    titles,
    now - APPLE_SYNC_PAST_MS,
    now + APPLE_SYNC_FUTURE_MS,
  );
  const events = read
    .filter(
      (event) =>
        titles.includes(event.calendarTitle) &&
        event.calendarTitle.length <= MAX_CALENDAR_TITLE &&
        isInstantInRange(event.start) &&
        isInstantInRange(event.end) &&
        event.end > event.start,
    )
    .slice(0, MAX_EVENTS)
    .map(bounded);
  const hash = await hashEvents(events);
  const server = await call('GetServerAppleCalendarHashVersion');
  if (server.hash === hash) return 'unchanged';
  await call('UploadAppleCalendarEvents', { events, hash });
  return 'uploaded';
}
