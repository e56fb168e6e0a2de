import { HOUR_MS } from '@planner/core';

export interface SharedLabel {
  id: string;
  name: string;
  color: string;
  icon: string;
}

export interface SharedPoint {
  start: number;
  end: number;
  categories: Readonly<Record<string, number>>;
  tasks: Readonly<Record<string, number>>;
  events: Readonly<Record<string, number>>;
  sum: number;
}

type Totals = Omit<SharedPoint, 'start' | 'end'> & {
  categories: Record<string, number>;
  tasks: Record<string, number>;
  events: Record<string, number>;
};

function addAll(into: Record<string, number>, values: Readonly<Record<string, number>>): void {
  for (const [id, ms] of Object.entries(values)) into[id] = (into[id] ?? 0) + ms;
}

/** All the shared points added up (a share is usually one period). */
export function sharedTotals(points: readonly SharedPoint[]): Totals {
  const totals: Totals = { categories: {}, tasks: {}, events: {}, sum: 0 };
  for (const point of points) {
    addAll(totals.categories, point.categories);
    addAll(totals.tasks, point.tasks);
    addAll(totals.events, point.events);
    totals.sum += point.sum;
  }
  return totals;
}

/**
 * The shared period as dates ("24 Nov 2026", "1–30 Nov 2026"). A share does not carry the
 * sharer's zone: its periods start and end at the sharer's midnights, so the dates are read
 * 12 hours inside each end, which names the same days wherever the reader is, unless their
 * clock is 12 or more hours away from the sharer's.
 */
export function sharedPeriodText(
  points: readonly Pick<SharedPoint, 'start' | 'end'>[],
  languageTag: string,
): string {
  if (points.length === 0) return '';
  const start = Math.min(...points.map((p) => p.start));
  const end = Math.max(...points.map((p) => p.end));
  const inset = Math.min(12 * HOUR_MS, (end - start) / 2);
  const format = new Intl.DateTimeFormat(languageTag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return format.formatRange(start + inset, Math.max(start + inset, end - inset));
}
