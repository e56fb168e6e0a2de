import { featuresFor, referralCount, type TierFeatures } from '@planner/core';
import type { Output } from '@planner/protocol';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { useProfile } from '../api/profile';
import { usePlannerPrefs, type PlannerPrefs } from '../editors/prefs';
import {
  isBeforeHistory,
  isHistoryDone,
  pagePeriods,
  type ListFrequency,
  type Period,
} from './periods';

export type StatisticsPoint = Output<'GetTimeStatistics'>['points'][number];

/** What the analysis screens read from the profile: zone, week start and the tier's features. */
export interface AnalysisEnv {
  prefs: PlannerPrefs;
  firstDayOfWeek: string;
  features: TierFeatures;
  premiumLevel: number;
  /** When the account was made (0 while unknown): the lists stop there. */
  createdAt: number;
  /** False until the profile is known (guards wait for it rather than guess). */
  isKnown: boolean;
}

export function useAnalysisEnv(): AnalysisEnv {
  const prefs = usePlannerPrefs();
  const profile = useProfile().data;
  const user = profile?.user;
  const options = profile?.options ?? user?.options;
  const tier = {
    premiumLevel: user?.premiumLevel ?? 0,
    referralCount: referralCount({
      activeReferralCount: user?.activeReferralCount ?? 0,
      isReferred: user?.isReferred ?? false,
    }),
  };
  return {
    prefs,
    firstDayOfWeek: options?.firstDayOfWeek || 'MON',
    features: featuresFor(tier),
    premiumLevel: tier.premiumLevel,
    createdAt: user?.createdAt ?? 0,
    isKnown: user !== undefined,
  };
}

async function loadPoints(periods: readonly Period[]): Promise<StatisticsPoint[]> {
  if (periods.length === 0) return [];
  const answer = await call(
    'GetTimeStatistics',
    { points: periods.map(({ start, end }) => ({ start, end })) },
    { showLoading: false },
  );
  return answer.points;
}

/**
 * A list view's points, one per period, newest first, a page at a time (15 days, 10 weeks, 10
 * months, 2 years). `now` is fixed when the list opens, so pages follow on from each other, and
 * is part of the key: a list returned to with the same `now` finds its pages in the cache. No
 * page is read past the start of the account's history (`isHistoryDone`).
 */
export function useAnalysisList(
  frequency: ListFrequency,
  env: AnalysisEnv,
  isEnabled: boolean,
  now: number,
) {
  const { timeZone } = env.prefs;
  return useInfiniteQuery({
    queryKey: ['analysis', 'list', frequency, timeZone, env.firstDayOfWeek, now],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      loadPoints(
        pagePeriods(frequency, now, pageParam, timeZone, env.firstDayOfWeek).filter(
          (p) => !isBeforeHistory(p),
        ),
      ),
    getNextPageParam: (last, pages) =>
      last.length > 0 &&
      !isBeforeHistory(last[last.length - 1] ?? { start: -1, end: 0 }) &&
      !isHistoryDone(frequency, pages.flat(), env.createdAt)
        ? pages.length
        : undefined,
    enabled: isEnabled,
  });
}

/** One period's point (the detail and the custom range's total). */
export function useAnalysisPoint(period: Period | null) {
  return useQuery({
    queryKey: ['analysis', 'point', period?.start, period?.end],
    queryFn: async () => (await loadPoints(period ? [period] : []))[0] ?? null,
    enabled: period !== null,
  });
}

/** Titles of tasks (one call) and events (one call each; only the few shown by name). */
export function useItemTitles(taskIds: readonly string[], eventIds: readonly string[]) {
  return useQuery({
    queryKey: ['analysis', 'titles', taskIds, eventIds],
    queryFn: async () => {
      const titles = new Map<string, string>();
      if (taskIds.length > 0) {
        const { tasks } = await call(
          'GetTasks',
          { ids: [...taskIds], status: 'all', cheap: true },
          { showLoading: false },
        );
        for (const task of tasks) titles.set(task.id, task.title);
      }
      await Promise.all(
        eventIds.map(async (id) => {
          try {
            const { event } = await call(
              'GetEvent',
              { event: { id } },
              { showLoading: false, retry: false },
            );
            if (event) titles.set(id, event.title);
          } catch {
            // A deleted event keeps its time under a generic name.
          }
        }),
      );
      return titles;
    },
    enabled: taskIds.length + eventIds.length > 0,
    staleTime: 60_000,
    meta: { silent: true },
  });
}
