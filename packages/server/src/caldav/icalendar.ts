/**
 * iCalendar in and out for CalDAV: calendar objects parsed with ical.js and expanded into
 * occurrences of a window (one row per occurrence, as synced events are stored), and the plan's
 * blocks written as VEVENTs with ical-generator.
 */
import { fromWallClock, isValidTimeZone } from '@planner/core';
import ICAL from 'ical.js';
import ical from 'ical-generator';

/** Our own published events: never read back as busy time. */
export const PLANNER_UID_SUFFIX = '@planner';

/** At most this many occurrences of one event inside the window (a daily rule: 396). */
const MAX_OCCURRENCES_PER_EVENT = 2_000;
const MAX_TITLE = 500;

export interface Occurrence {
  /** `{UID}` for a single event, `{UID}/{RECURRENCE-ID as ISO}` for an occurrence of a series. */
  syncKey: string;
  title: string;
  start: number;
  end: number;
  allDay: boolean;
  /** The event's IANA zone; '' for UTC, floating or a zone only a VTIMEZONE names. */
  timezone: string;
}

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

/** The TZID a time was written with ('' for UTC or floating). */
function tzidOf(time: IcalTime): string {
  const zone = time.zone as { tzid?: string } | undefined;
  const tzid = zone?.tzid ?? (time as unknown as { timezone?: string }).timezone ?? '';
  return tzid === 'UTC' || tzid === 'floating' ? '' : tzid;
}

/**
 * The instant of a time: UTC as written; an IANA TZID through the runtime's zone data (correct
 * across daylight-saving changes whatever the VTIMEZONE says); any other TZID through the
 * object's VTIMEZONE (registered by `occurrencesOf`); floating times and dates in `userZone`.
 */
function instantOf(time: IcalTime, userZone: string): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (time.isDate) return fromWallClock(wall, userZone);
  const zone = time.zone as { tzid?: string } | undefined;
  if (zone?.tzid === 'UTC')
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const tzid = tzidOf(time);
  if (tzid && isValidTimeZone(tzid)) return fromWallClock(wall, tzid);
  if (tzid && ICAL.TimezoneService.has(tzid)) {
    return (time as unknown as { toUnixTime(): number }).toUnixTime() * 1000;
  }
  return fromWallClock(wall, userZone);
}

function isoKey(time: IcalTime): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return date;
  const utc = (time.zone as { tzid?: string } | undefined)?.tzid === 'UTC' ? 'Z' : '';
  return `${date}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}${utc}`;
}

function registerTimezones(calendar: IcalComponent): void {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '');
    // IANA names are read from the runtime's data; only other names need the definition.
    if (tzid && !isValidTimeZone(tzid) && !ICAL.TimezoneService.has(tzid)) {
      ICAL.TimezoneService.register(vtimezone);
    }
  }
}

const cancelled = (component: IcalComponent) =>
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * The occurrences of one calendar object's events that overlap [windowStart, windowEnd):
 * recurrences expanded (RRULE, RDATE, EXDATE), RECURRENCE-ID overrides applied, cancelled ones
 * and our own published events (UID ending @planner) left out. A broken object answers [].
 */
export function occurrencesOf(
  ics: string,
  windowStart: number,
  windowEnd: number,
  userZone: string,
): Occurrence[] {
  let calendar: IcalComponent;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  registerTimezones(calendar);
  const byUid = new Map<string, { master?: IcalComponent; exceptions: IcalComponent[] }>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (!uid || uid.endsWith(PLANNER_UID_SUFFIX)) continue;
    const entry = byUid.get(uid) ?? { exceptions: [] };
    if (vevent.hasProperty('recurrence-id')) entry.exceptions.push(vevent);
    else entry.master ??= vevent;
    byUid.set(uid, entry);
  }
  const out: Occurrence[] = [];
  for (const [uid, { master, exceptions }] of byUid) {
    try {
      if (master) out.push(...expand(uid, master, exceptions, windowStart, windowEnd, userZone));
      // Overrides without their series (a server may send only the instances in range).
      else
        for (const exception of exceptions) {
          const event = new ICAL.Event(exception);
          const occurrence = single(event, `${uid}/${isoKey(event.recurrenceId)}`, userZone);
          if (!cancelled(exception) && overlaps(occurrence, windowStart, windowEnd))
            out.push(occurrence);
        }
    } catch {
      // One broken event does not stop the others.
    }
  }
  return out;
}

function overlaps(o: { start: number; end: number }, windowStart: number, windowEnd: number) {
  return o.start < windowEnd && o.end > windowStart;
}

function titleOf(event: InstanceType<typeof ICAL.Event>): string {
  return (event.summary ?? '').slice(0, MAX_TITLE);
}

function single(
  event: InstanceType<typeof ICAL.Event>,
  syncKey: string,
  userZone: string,
): Occurrence {
  const startTime = event.startDate;
  const endTime = event.endDate ?? startTime;
  const start = instantOf(startTime, userZone);
  let end = instantOf(endTime, userZone);
  // An all-day event without an end lasts its day; a timed one without an end is a moment.
  if (end <= start && startTime.isDate) end = fromWallClock(nextDay(startTime), userZone);
  const tzid = tzidOf(startTime);
  return {
    syncKey,
    title: titleOf(event),
    start,
    end: Math.max(end, start),
    allDay: startTime.isDate,
    timezone: startTime.isDate ? '' : isValidTimeZone(tzid) ? tzid : '',
  };
}

function nextDay(time: IcalTime) {
  const next = time.clone();
  next.adjust(1, 0, 0, 0);
  return { year: next.year, month: next.month, day: next.day };
}

/** One occurrence of a recurring event's walk, with its own title and times (an override's). */
function occurrenceOf(
  details: ReturnType<InstanceType<typeof ICAL.Event>['getOccurrenceDetails']>,
  key: string,
  userZone: string,
): Occurrence {
  const start = instantOf(details.startDate, userZone);
  const end = instantOf(details.endDate, userZone);
  const zone = tzidOf(details.startDate);
  return {
    syncKey: key,
    title: titleOf(details.item),
    start,
    end: Math.max(start, end),
    allDay: details.startDate.isDate,
    timezone: details.startDate.isDate ? '' : isValidTimeZone(zone) ? zone : '',
  };
}

function expand(
  uid: string,
  master: IcalComponent,
  exceptions: IcalComponent[],
  windowStart: number,
  windowEnd: number,
  userZone: string,
): Occurrence[] {
  const event = new ICAL.Event(master, { exceptions, strictExceptions: true });
  if (!event.isRecurring()) {
    if (cancelled(master)) return [];
    const occurrence = single(event, uid, userZone);
    return overlaps(occurrence, windowStart, windowEnd) ? [occurrence] : [];
  }
  const out: Occurrence[] = [];
  const iterator = event.iterator();
  const seen = new Set<string>();
  // Where the rule's walk stopped: overrides of occurrences after it are found below; those of
  // an original start the rule no longer makes (a shortened series) are left out.
  let exhausted = false;
  let lastOriginal = -Infinity;
  for (let i = 0; ; i++) {
    if (i >= 100_000 || out.length >= MAX_OCCURRENCES_PER_EVENT) break;
    const next = iterator.next();
    if (!next) {
      exhausted = true;
      break;
    }
    const originalStart = instantOf(next, userZone);
    if (originalStart >= windowEnd) break;
    lastOriginal = originalStart;
    const details = event.getOccurrenceDetails(next);
    const key = `${uid}/${isoKey(next)}`;
    seen.add(key);
    if (cancelled(details.item.component)) continue;
    const occurrence = occurrenceOf(details, key, userZone);
    if (overlaps(occurrence, windowStart, windowEnd)) out.push(occurrence);
  }
  for (const exception of exceptions) {
    const override = new ICAL.Event(exception);
    const key = `${uid}/${isoKey(override.recurrenceId)}`;
    if (seen.has(key) || cancelled(exception) || exhausted) continue;
    if (instantOf(override.recurrenceId, userZone) <= lastOriginal) continue;
    const occurrence = single(override, key, userZone);
    if (overlaps(occurrence, windowStart, windowEnd)) out.push(occurrence);
  }
  return out;
}

/** One of the plan's blocks as written into the published calendar. */
export interface PublishedBlock {
  uid: string;
  title: string;
  start: number;
  end: number;
}

/** A VCALENDAR holding one VEVENT for the block, in UTC. */
export function blockToIcs(block: PublishedBlock, now: number): string {
  const calendar = ical({ prodId: { company: 'Planner', product: 'Planner', language: 'EN' } });
  calendar.createEvent({
    id: block.uid,
    start: new Date(block.start),
    end: new Date(block.end),
    stamp: new Date(now),
    summary: block.title,
    description: 'Planned by Planner',
  });
  return calendar.toString();
}
