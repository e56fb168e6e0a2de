import { INPUT_BOUNDS } from '@planner/core';
import { StatisticsService } from '@planner/protocol';
import { idBound, instant, list } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { getTimeStatistics } from './statistics-service';

export const statisticsMethods: readonly MethodDefinition[] = [
  defineMethod(StatisticsService.method.getTimeStatistics, {
    auth: 'required',
    bounds: {
      // Each point within range, and all of them together within a bounded span: the span is
      // what the call reads, the points what it answers.
      points: list(INPUT_BOUNDS.statisticsPoints, {
        key: 'invalid.tooManyPoints',
        each: { start: instant(), end: instant() },
        maxSpanMs: INPUT_BOUNDS.statisticsSpanMs,
      }),
      taskId: idBound,
    },
    handler: async (input, ctx) => {
      const profile = await loadPlanningProfile(ctx.db, ctx.userId, ctx.now());
      const ranges = input.points.map(({ start, end }) => ({ start, end }));
      const points = await getTimeStatistics(ctx.db, ctx.userId, ranges, input.taskId, ctx.now(), {
        tier: profile,
        timeZone: profile.timezone,
      });
      return { points };
    },
  }),
];
