import { addLocalDays, startOfLocalDay } from '@planner/core';

export const TREND_PAGE_DAYS = 30;
/** Spec 2: runs of 7 or more empty days collapse into one bar. */
export const COLLAPSE_MIN_EMPTY_DAYS = 7;

export interface DayWindow {
  start: number;
  end: number;
}

export interface TrendDay extends DayWindow {
  /** Time spent on the task that day (past blocks only). */
  ms: number;
}

export type TrendBar = ({ kind: 'day' } & TrendDay) | ({ kind: 'gap'; days: number } & DayWindow);

/**
 * The local days of page `page` of the graph, oldest first: page 0 is the 30 days up to and
 * including today, page 1 the 30 before them, and so on.
 */
export function trendPageDays(now: number, page: number, timeZone: string): DayWindow[] {
  const today = startOfLocalDay(now, timeZone);
  const days: DayWindow[] = [];
  for (let i = TREND_PAGE_DAYS * (page + 1) - 1; i >= TREND_PAGE_DAYS * page; i -= 1) {
    const start = addLocalDays(today, -i, timeZone);
    days.push({ start, end: addLocalDays(start, 1, timeZone) });
  }
  return days;
}

/** The bars: each day, except that runs of 7 or more empty days become one gap bar. */
export function collapseEmptyRuns(
  days: readonly TrendDay[],
  minRun = COLLAPSE_MIN_EMPTY_DAYS,
): TrendBar[] {
  const bars: TrendBar[] = [];
  let run: TrendDay[] = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last && run.length >= minRun) {
      bars.push({ kind: 'gap', start: first.start, end: last.end, days: run.length });
    } else {
      run.forEach((day) => bars.push({ kind: 'day', ...day }));
    }
    run = [];
  };
  for (const day of days) {
    if (day.ms > 0) {
      flush();
      bars.push({ kind: 'day', ...day });
    } else {
      run.push(day);
    }
  }
  flush();
  return bars;
}
