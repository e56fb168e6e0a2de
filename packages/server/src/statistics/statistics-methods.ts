import { StatisticsService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { loadPlanningProfile } from '../timeline/planning-profile';
import { getTimeStatistics } from './statistics-service';

export const statisticsMethods: readonly MethodDefinition[] = [
  defineMethod(StatisticsService.method.getTimeStatistics, {
    auth: 'required',
    handler: async (input, ctx) => {
      const profile = await loadPlanningProfile(ctx.db, ctx.userId);
      const ranges = input.points.map(({ start, end }) => ({ start, end }));
      const points = await getTimeStatistics(ctx.db, ctx.userId, ranges, input.taskId, ctx.now(), {
        tier: profile,
        timeZone: profile.timezone,
      });
      return { points };
    },
  }),
];
