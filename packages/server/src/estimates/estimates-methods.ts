import { StatisticsService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { getEstimateAccuracy } from './estimates-service';

/** GetEstimateAccuracy: done tasks' tracked time against their estimates, per category. */
export function createEstimatesMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [
    defineMethod(StatisticsService.method.getEstimateAccuracy, {
      auth: 'required',
      handler: async (_input, ctx) => ({
        categories: await getEstimateAccuracy(ctx.db, ctx.userId, ctx.now()),
      }),
    }),
  ];
}
