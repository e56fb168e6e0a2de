/**
 * Event editor rules (planning-core spec, sections 4 "Event", 5 and 9): keeping start before
 * end, the default new event, the long-event warning, notifications and preparation time.
 */
import { HOUR_MS, MINUTE_MS } from '../time/zone';

/** When an edit would put the end at or before the start, the other end moves this far away. */
export const EVENT_MIN_GAP_MS = HOUR_MS;
export const NEW_EVENT_START_OFFSET_MS = 90 * MINUTE_MS;
export const NEW_EVENT_END_OFFSET_MS = 120 * MINUTE_MS;
/** A non-all-day event this long or longer asks for confirmation before saving. */
export const LONG_EVENT_WARNING_MS = 24 * HOUR_MS;
export const MAX_EVENT_NOTIFICATIONS = 5;
/** Offsets (before start) a new notification tries in order; the first unused one is taken. */
export const DEFAULT_NOTIFICATION_OFFSETS_MS: readonly number[] = [15, 30, 60, 90, 120].map(
  (m) => m * MINUTE_MS,
);
export const PREPARATION_MIN_MINUTES = 0;
export const PREPARATION_STEP_MINUTES = 5;
/** Our cap (the spec gives none): a day of travel or preparation on either side. */
export const PREPARATION_MAX_MINUTES = 24 * 60;

const FIVE_MINUTES_MS = 5 * MINUTE_MS;

export interface EventTimes {
  start: number;
  end: number;
}

/** The start was moved: at or past the end, the end is pushed to start + 1 h. */
export function withEventStart(times: EventTimes, start: number): EventTimes {
  return { start, end: start >= times.end ? start + EVENT_MIN_GAP_MS : times.end };
}

/** The end was moved: at or before the start, the start is pulled to end - 1 h. */
export function withEventEnd(times: EventTimes, end: number): EventTimes {
  return { start: end <= times.start ? end - EVENT_MIN_GAP_MS : times.start, end };
}

/**
 * The times of a new event: it starts 90 minutes and ends 120 minutes after now, with now first
 * rounded up to the next 5-minute mark so the times read cleanly (14:02 gives 15:35 to 16:05).
 * Rounding the instant works in every current time zone, whose offsets are whole 5 minutes.
 */
export function defaultNewEventTimes(now: number): EventTimes {
  const base = Math.ceil(now / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  return { start: base + NEW_EVENT_START_OFFSET_MS, end: base + NEW_EVENT_END_OFFSET_MS };
}

/** True when saving should first confirm the duration (non-all-day, 24 h or longer). */
export function isLongEvent(event: EventTimes & { allDay: boolean }): boolean {
  return !event.allDay && event.end - event.start >= LONG_EVENT_WARNING_MS;
}

export function canAddNotification(offsets: readonly number[]): boolean {
  return offsets.length < MAX_EVENT_NOTIFICATIONS;
}

/** The offset a newly added notification gets: the first unused default, else 0 (at start). */
export function nextNotificationOffset(offsets: readonly number[]): number {
  return DEFAULT_NOTIFICATION_OFFSETS_MS.find((o) => !offsets.includes(o)) ?? 0;
}

/** The offsets with one notification added, or unchanged when there are 5 already. */
export function addNotification(offsets: readonly number[]): number[] {
  return canAddNotification(offsets) ? [...offsets, nextNotificationOffset(offsets)] : [...offsets];
}

/**
 * Preparation (travel) minutes as typed, made valid: a number from 0 up, rounded to the
 * 5-minute step; anything unreadable is 0.
 */
export function clampPreparationMinutes(minutes: number): number {
  if (!Number.isFinite(minutes)) {
    return minutes === Number.POSITIVE_INFINITY ? PREPARATION_MAX_MINUTES : PREPARATION_MIN_MINUTES;
  }
  const stepped = Math.round(minutes / PREPARATION_STEP_MINUTES) * PREPARATION_STEP_MINUTES;
  return Math.min(PREPARATION_MAX_MINUTES, Math.max(PREPARATION_MIN_MINUTES, stepped));
}

/** travelTop / travelBottom in milliseconds from the editor's minutes. */
export function preparationMs(minutes: number): number {
  return clampPreparationMinutes(minutes) * MINUTE_MS;
}

/** The editor's minutes from a stored travelTop / travelBottom. */
export function preparationMinutes(ms: number): number {
  return clampPreparationMinutes(ms / MINUTE_MS);
}
