import { INPUT_BOUNDS } from '@planner/core';
import { StatisticsService } from '@planner/protocol';
import { instant, list, text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { loadPlanningProfile } from '../timeline/planning-profile';
import { createShare, readShare } from './shares-service';

/** A share id is 43 base64url characters; anything longer is not one. */
const SHARE_ID_MAX = 64;

/** CreateTimeStatisticsShare and the public GetTimeStatisticsShare (docs/shares-and-estimates.md). */
export function createSharesMethods(deps: ServiceDeps): MethodDefinition[] {
  return [
    defineMethod(StatisticsService.method.createTimeStatisticsShare, {
      auth: 'required',
      bounds: {
        points: list(INPUT_BOUNDS.statisticsPoints, {
          key: 'invalid.tooManyPoints',
          each: { start: instant(), end: instant() },
          maxSpanMs: INPUT_BOUNDS.statisticsSpanMs,
        }),
      },
      handler: async (input, ctx) => {
        const profile = await loadPlanningProfile(ctx.db, ctx.userId, ctx.now());
        const ranges = input.points.map(({ start, end }) => ({ start, end }));
        const id = await createShare(ctx.db, ctx.userId, ranges, ctx.now(), {
          tier: profile,
          timeZone: profile.timezone,
        });
        return { id, url: `${deps.config.publicUrl}/share/${id}` };
      },
    }),
    defineMethod(StatisticsService.method.getTimeStatisticsShare, {
      auth: 'none',
      bounds: { id: text(SHARE_ID_MAX) },
      handler: (input, ctx) => readShare(ctx.db, input.id),
    }),
  ];
}
