import { featuresFor, PREMIUM_ONLY_ERROR_CODE, type TierInput } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { AppError, invalid } from '../rpc/errors';
import { pointKind } from './point-kind';
import { exclusivePieces, listEventSpans, listTaskSpans, type TrackedSpan } from './tracked-time';

type Db = Kysely<Schema>;

const ANALYSIS_LIMIT_MESSAGE = 'analysisTypeLimit';

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

/** Who asks: the tier gates long points, the zone places events stored without one. */
export interface StatisticsViewer {
  tier: TierInput;
  timeZone: string;
}

/**
 * The analysis guard: points of up to a day and whole local weeks are free; whole local months
 * and years need monthlyYearlyAnalysis; any other range needs customAnalysis (4201 otherwise).
 */
function checkRanges(ranges: readonly StatisticsRange[], viewer: StatisticsViewer): void {
  for (const { start, end } of ranges) {
    if (!(end >= start)) throw invalid('invalid.pointEndBeforeStart');
  }
  const features = featuresFor(viewer.tier);
  for (const { start, end } of ranges) {
    const kind = pointKind(start, end, viewer.timeZone);
    const allowed =
      kind === 'short' || kind === 'week'
        ? true
        : kind === 'custom'
          ? features.customAnalysis
          : features.monthlyYearlyAnalysis;
    if (!allowed) throw new AppError(PREMIUM_ONLY_ERROR_CODE, ANALYSIS_LIMIT_MESSAGE);
  }
}

function add(map: Record<string, number>, key: string, value: number): void {
  map[key] = (map[key] ?? 0) + value;
}

/** Index of the first piece ending after `at` (pieces are disjoint and sorted). */
function firstEndingAfter(pieces: readonly TrackedSpan[], at: number): number {
  let lo = 0;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pieces[mid] as TrackedSpan).end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function pointOf(range: StatisticsRange, pieces: readonly TrackedSpan[]): StatisticsPoint {
  const point: StatisticsPoint = { ...range, categories: {}, tasks: {}, events: {}, sum: 0 };
  for (let i = firstEndingAfter(pieces, range.start); i < pieces.length; i += 1) {
    const piece = pieces[i] as TrackedSpan;
    if (piece.start >= range.end) break;
    const time = Math.min(piece.end, range.end) - Math.max(piece.start, range.start);
    if (time <= 0) continue;
    add(point.categories, piece.categoryId, time);
    if (piece.taskId) add(point.tasks, piece.taskId, time);
    else if (piece.eventId) add(point.events, piece.eventId, time);
    point.sum += time;
  }
  return point;
}

/**
 * Time spent per category, task and event in each range: past task blocks (rests left out) and
 * past non-all-day event instances, nothing after now, each instant counted once (see
 * exclusivePieces). With `taskId`, only that task's blocks count (the task trend graph).
 */
export async function getTimeStatistics(
  db: Db,
  userId: string,
  ranges: readonly StatisticsRange[],
  taskId: string,
  now: number,
  viewer: StatisticsViewer,
): Promise<StatisticsPoint[]> {
  checkRanges(ranges, viewer);
  if (ranges.length === 0) return [];
  const from = Math.min(...ranges.map((r) => r.start));
  const to = Math.max(...ranges.map((r) => r.end));
  const taskSpans = await listTaskSpans(db, userId, from, to, now);
  const spans =
    taskId === ''
      ? [...taskSpans, ...(await listEventSpans(db, userId, from, to, now, viewer.timeZone))]
      : taskSpans.filter((s) => s.taskId === taskId);
  const pieces = exclusivePieces(spans);
  return ranges.map((range) => pointOf(range, pieces));
}
