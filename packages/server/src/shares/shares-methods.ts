import { INPUT_BOUNDS } from '@planner/core';
import { StatisticsService } from '@planner/protocol';
import { instant, list, text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { createShare, listShares, readShare, revokeShare } from './shares-service';

/** A share id is 43 base64url characters; anything longer is not one. */
const SHARE_ID_MAX = 64;

/**
 * CreateTimeStatisticsShare, the public GetTimeStatisticsShare, and the owner's
 * ListTimeStatisticsShares and RevokeTimeStatisticsShare (docs/shares-and-estimates.md).
 */
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
    defineMethod(StatisticsService.method.listTimeStatisticsShares, {
      auth: 'required',
      handler: async (_input, ctx) => ({
        shares: await listShares(ctx.db, ctx.userId, deps.config.publicUrl),
      }),
    }),
    defineMethod(StatisticsService.method.revokeTimeStatisticsShare, {
      auth: 'required',
      bounds: { id: text(SHARE_ID_MAX) },
      handler: async (input, ctx) => {
        await revokeShare(ctx.db, ctx.userId, input.id);
        return {};
      },
    }),
  ];
}
