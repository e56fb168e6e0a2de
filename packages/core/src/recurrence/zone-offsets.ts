import { tzOffset } from '@date-fns/tz';
import { DAY_MS, MINUTE_MS } from '../time/zone';

/*
 * Recurrence is computed in "floating" time (wall-clock fields read as if they were UTC) and then
 * placed in the zone. Asking Intl for every instance costs microseconds each, which the scheduler's
 * hot path cannot afford, so the zone's offset transitions are found once per span and kept; after
 * that both directions are a lookup in a short sorted list.
 */

interface Transition {
  /** First instant with the new offset. */
  at: number;
  before: number;
  after: number;
}

interface Span {
  startOffset: number;
  transitions: Transition[];
}

/**
 * Probes every 3.5 days: the closest pairs of changes in the zone database since 1970 are a week
 * apart (Brazil's one-week summer time of October 2000; Gaza's predicted 2040 rules).
 */
const PROBE_MS = 3.5 * DAY_MS;
const SPAN_MS = 104 * PROBE_MS;
const MAX_CACHED_SPANS = 4096;

const spansByZone = new Map<string, Map<number, Span>>();
let cachedSpanCount = 0;

function offsetMsAt(instant: number, timeZone: string): number {
  const minutes = tzOffset(timeZone, new Date(instant));
  if (Number.isNaN(minutes)) throw new RangeError(`unknown time zone ${timeZone}`);
  return Math.round(minutes * MINUTE_MS);
}

/** The first whole minute in (lo, hi] whose offset differs from the one at lo. */
function findTransition(lo: number, hi: number, timeZone: string): Transition {
  const before = offsetMsAt(lo, timeZone);
  let low = Math.floor(lo / MINUTE_MS);
  let high = Math.ceil(hi / MINUTE_MS);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetMsAt(mid * MINUTE_MS, timeZone) === before) low = mid;
    else high = mid;
  }
  const at = high * MINUTE_MS;
  return { at, before, after: offsetMsAt(at, timeZone) };
}

function buildSpan(index: number, timeZone: string): Span {
  const start = index * SPAN_MS;
  const startOffset = offsetMsAt(start, timeZone);
  const transitions: Transition[] = [];
  let previous = startOffset;
  for (let probe = start + PROBE_MS; probe <= start + SPAN_MS; probe += PROBE_MS) {
    const offset = offsetMsAt(probe, timeZone);
    if (offset !== previous) {
      const found = findTransition(probe - PROBE_MS, probe, timeZone);
      if (found.at < start + SPAN_MS) transitions.push(found);
      previous = offset;
    }
  }
  return { startOffset, transitions };
}

function spanFor(instant: number, timeZone: string): Span {
  let spans = spansByZone.get(timeZone);
  if (!spans) {
    spans = new Map();
    spansByZone.set(timeZone, spans);
  }
  const index = Math.floor(instant / SPAN_MS);
  let span = spans.get(index);
  if (!span) {
    if (cachedSpanCount >= MAX_CACHED_SPANS) {
      spansByZone.clear();
      spans = new Map();
      spansByZone.set(timeZone, spans);
      cachedSpanCount = 0;
    }
    span = buildSpan(index, timeZone);
    spans.set(index, span);
    cachedSpanCount += 1;
  }
  return span;
}

/** The zone's UTC offset in ms (positive east of Greenwich) at an instant. */
export function zoneOffsetAt(instant: number, timeZone: string): number {
  const span = spanFor(instant, timeZone);
  let offset = span.startOffset;
  for (const t of span.transitions) {
    if (t.at > instant) break;
    offset = t.after;
  }
  return offset;
}

/** Wall-clock time of an instant, as a floating timestamp (fields read as UTC). */
export function toFloating(instant: number, timeZone: string): number {
  return instant + zoneOffsetAt(instant, timeZone);
}

/**
 * The instant of a floating (wall-clock) timestamp, resolved as RFC 5545 3.3.5 says for
 * recurrence: a time that occurs twice means the first occurrence, and a time skipped by a
 * forward jump is read with the offset from before the gap (02:30 becomes 03:30).
 */
export function fromFloating(floating: number, timeZone: string): number {
  const earlyOffset = zoneOffsetAt(floating - DAY_MS, timeZone);
  const early = floating - earlyOffset;
  const lateOffset = zoneOffsetAt(floating + DAY_MS, timeZone);
  if (lateOffset === earlyOffset) return early;
  const late = floating - lateOffset;
  const earlyValid = zoneOffsetAt(early, timeZone) === earlyOffset;
  const lateValid = zoneOffsetAt(late, timeZone) === lateOffset;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}
