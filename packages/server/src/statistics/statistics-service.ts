import { DAY_MS, featuresFor, PREMIUM_ONLY_ERROR_CODE, type TierInput } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { AppError, invalid } from '../rpc/errors';
import { listTrackedSpans, type TrackedSpan } from './tracked-time';

type Db = Kysely<Schema>;

export const MAX_POINTS = 1000;
/** A week view point (plus a daylight-saving hour) is the longest a free account may ask for. */
export const MAX_FREE_POINT_MS = 8 * DAY_MS;
export const ANALYSIS_LIMIT_MESSAGE = 'analysisTypeLimit';

export interface StatisticsRange {
  start: number;
  end: number;
}

export interface StatisticsPoint extends StatisticsRange {
  categories: Record<string, number>;
  tasks: Record<string, number>;
  events: Record<string, number>;
  sum: number;
}

function checkRanges(ranges: readonly StatisticsRange[], tier: TierInput): void {
  if (ranges.length > MAX_POINTS) throw invalid('invalid.tooManyPoints');
  for (const { start, end } of ranges) {
    if (!(end >= start)) throw invalid('invalid.pointEndBeforeStart');
  }
  const long = ranges.some((r) => r.end - r.start > MAX_FREE_POINT_MS);
  if (long && !featuresFor(tier).monthlyYearlyAnalysis) {
    throw new AppError(PREMIUM_ONLY_ERROR_CODE, ANALYSIS_LIMIT_MESSAGE);
  }
}

function add(map: Record<string, number>, key: string, value: number): void {
  map[key] = (map[key] ?? 0) + value;
}

function pointOf(range: StatisticsRange, spans: readonly TrackedSpan[]): StatisticsPoint {
  const point: StatisticsPoint = { ...range, categories: {}, tasks: {}, events: {}, sum: 0 };
  for (const span of spans) {
    const time = Math.min(span.end, range.end) - Math.max(span.start, range.start);
    if (time <= 0) continue;
    add(point.categories, span.categoryId, time);
    if (span.taskId) add(point.tasks, span.taskId, time);
    else if (span.eventId) add(point.events, span.eventId, time);
    point.sum += time;
  }
  return point;
}

/**
 * Time spent per category, task and event in each range, from past timeblocks (rests left out,
 * nothing after now). With `taskId`, only that task's blocks count (the task trend graph).
 */
export async function getTimeStatistics(
  db: Db,
  userId: string,
  ranges: readonly StatisticsRange[],
  taskId: string,
  now: number,
  tier: TierInput,
): Promise<StatisticsPoint[]> {
  checkRanges(ranges, tier);
  if (ranges.length === 0) return [];
  const from = Math.min(...ranges.map((r) => r.start));
  const to = Math.max(...ranges.map((r) => r.end));
  const spans = (await listTrackedSpans(db, userId, from, to, now)).filter(
    (s) => taskId === '' || s.taskId === taskId,
  );
  return ranges.map((range) => pointOf(range, spans));
}
