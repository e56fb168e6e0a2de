import { FRONTEND_LOG_LIMITS as LIMITS } from '@planner/core';
import { AppService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { createFrontendLog, logFieldsOf } from './frontend-log-service';
import { markHidden, markShownAndReadOthers } from './presence';

/**
 * OnAppInactive, GetUserActiveStatus, CreateFrontendLog and GetCloudConfig (docs/app-status.md).
 */
export function createAppStatusMethods(deps: ServiceDeps): MethodDefinition[] {
  const cloudConfigItems = Object.entries(deps.config.cloudConfig)
    .map(([field, value]) => ({ field, value }))
    .sort((a, b) => a.field.localeCompare(b.field));
  return [
    defineMethod(AppService.method.onAppInactive, {
      auth: 'required',
      handler: async (_input, ctx) => {
        await markHidden(ctx.db, ctx.userId, ctx.sessionId, ctx.now());
        return {};
      },
    }),
    defineMethod(AppService.method.getUserActiveStatus, {
      auth: 'required',
      handler: (_input, ctx) =>
        markShownAndReadOthers(ctx.db, ctx.userId, ctx.sessionId, ctx.now()),
    }),
    defineMethod(AppService.method.createFrontendLog, {
      auth: 'required',
      bounds: {
        level: text(LIMITS.level),
        message: text(LIMITS.message),
        stack: text(LIMITS.stack),
        deviceType: text(LIMITS.deviceType),
        appVersion: text(LIMITS.appVersion),
        nativeVersion: text(LIMITS.nativeVersion),
        view: text(LIMITS.view),
      },
      handler: async (input, ctx) => {
        const stored = await createFrontendLog(ctx, input);
        if (stored) ctx.afterCommit(() => deps.log.warn(logFieldsOf(stored), 'frontend error'));
        return {};
      },
    }),
    // Signed out too: the login screen reads it (the API chooser, the legal links).
    defineMethod(AppService.method.getCloudConfig, {
      auth: 'none',
      handler: () => Promise.resolve({ items: cloudConfigItems }),
    }),
  ];
}
