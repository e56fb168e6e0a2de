import { expandRecurrence, isRecurring } from '../recurrence/index';
import { DAY_MS } from '../time/zone';
import type { IntervalUnion } from './intervals';
import { BoundedCache } from './memo';
import type { PlanEvent } from './types';

interface Instance {
  start: number;
  end: number;
}

const expansionCache = new BoundedCache<readonly Instance[]>(20_000);
/** Expansion windows are widened to whole weeks so consecutive re-plans hit the cache. */
const ALIGN_MS = 7 * DAY_MS;

function instancesOf(
  event: PlanEvent,
  timeZone: string,
  windowStart: number,
  windowEnd: number,
): readonly Instance[] {
  const rule = event.recurrenceRule;
  if (!isRecurring(rule)) return [event];
  const alignedStart = Math.floor(windowStart / ALIGN_MS) * ALIGN_MS;
  const alignedEnd = Math.ceil(windowEnd / ALIGN_MS) * ALIGN_MS;
  const key = [
    timeZone,
    event.start,
    event.end,
    rule.freq,
    rule.interval,
    rule.byDay,
    rule.until,
    rule.count,
    alignedStart,
    alignedEnd,
  ].join('|');
  return expansionCache.get(key, () =>
    expandRecurrence({
      start: event.start,
      end: event.end,
      rule,
      timeZone,
      windowStart: alignedStart,
      windowEnd: alignedEnd,
    }),
  );
}

/**
 * Adds the busy time of every non-all-day event instance touching [from, to): the instance
 * widened by its travel (or preparation) time before and after. All-day events are shown but
 * leave the time free.
 */
export function addEventSpans(
  union: IntervalUnion,
  events: readonly PlanEvent[],
  timeZone: string,
  from: number,
  to: number,
): void {
  for (const event of events) {
    if (event.allDay) continue;
    const instances = instancesOf(event, timeZone, from - event.travelBottom, to + event.travelTop);
    for (const instance of instances) {
      union.add(instance.start - event.travelTop, instance.end + event.travelBottom);
    }
  }
}

/** The first event (not all-day) whose busy time, travel included, overlaps [from, to). */
export function findEventCovering(
  events: readonly PlanEvent[],
  timeZone: string,
  from: number,
  to: number,
): string | undefined {
  for (const event of events) {
    if (event.allDay) continue;
    const instances = instancesOf(event, timeZone, from - event.travelBottom, to + event.travelTop);
    for (const instance of instances) {
      if (instance.start - event.travelTop < to && instance.end + event.travelBottom > from) {
        return event.id;
      }
    }
  }
  return undefined;
}
