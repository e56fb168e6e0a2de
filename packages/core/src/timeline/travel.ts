import type { TimelineBlock } from './types';

/** An event (or event instance) as far as travel blocks need it. */
export interface TravelSource {
  id: string;
  start: number;
  end: number;
  /** Preparation before the event, ms. */
  travelTop: number;
  /** Time after the event, ms. */
  travelBottom: number;
  allDay?: boolean;
  /** For instances of a recurring event: keeps the synthesised ids unique. */
  instanceNumber?: number;
}

function travelId(source: TravelSource, side: 'top' | 'bottom'): string {
  const instance = source.instanceNumber === undefined ? '' : `:${source.instanceNumber}`;
  return `travel:${source.id}${instance}:${side}`;
}

/**
 * The travel blocks of events: `travelTop` before the start and `travelBottom` after the end,
 * fixed and marked isTravel. All-day events have none.
 */
export function travelBlocks(events: readonly TravelSource[]): TimelineBlock[] {
  const out: TimelineBlock[] = [];
  for (const e of events) {
    if (e.allDay) continue;
    const base = { event: e.id, fixed: true, isRest: false, isTravel: true };
    if (e.travelTop > 0) {
      out.push({ ...base, id: travelId(e, 'top'), start: e.start - e.travelTop, end: e.start });
    }
    if (e.travelBottom > 0) {
      out.push({ ...base, id: travelId(e, 'bottom'), start: e.end, end: e.end + e.travelBottom });
    }
  }
  return out;
}
