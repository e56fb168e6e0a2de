import { clampTaskDuration, MINUTE_MS } from '@planner/core';

/** Suggestions are rounded to this (nobody plans 1 h 23 min). */
export const SUGGESTION_STEP_MS = 5 * MINUTE_MS;

/**
 * What a new task of a category with a learned ratio will likely take: the typed estimate times
 * the ratio, to 5 minutes, within the task duration bounds. Undefined when nothing is learned or
 * when the suggestion is what is typed already.
 */
export function learnedEstimate(
  typedMs: number,
  ratio: number | undefined,
  isDev: boolean,
): number | undefined {
  if (!ratio || ratio <= 0 || typedMs <= 0) return undefined;
  const rounded = Math.round((typedMs * ratio) / SUGGESTION_STEP_MS) * SUGGESTION_STEP_MS;
  const suggested = clampTaskDuration(Math.max(rounded, SUGGESTION_STEP_MS), isDev);
  return suggested === typedMs ? undefined : suggested;
}
