import { randomUUID } from 'node:crypto';
import { isFrontendLogLevel, isIgnoredError, maskSecrets } from '@planner/core';
import type { AuthedContext } from '../rpc/context';
import { invalid, rateLimited } from '../rpc/errors';
import {
  frontendLogTimesSince,
  insertFrontendLog,
  trimFrontendLogs,
} from './app-status-repository';
import type { FrontendLogRow } from './tables';

/** Reports one user may send per window: a real page sends a few; more is a loop or a script. */
export const FRONTEND_LOGS_PER_WINDOW = 30;
export const FRONTEND_LOG_WINDOW_MS = 60_000;
/** Reports kept per user; each new one beyond it replaces the oldest. */
export const FRONTEND_LOGS_KEPT = 200;

export interface FrontendLogInput {
  level: string;
  message: string;
  stack: string;
  deviceType: string;
  appVersion: string;
  nativeVersion: string;
  view: string;
}

/**
 * Checks, masks and stores one report; answers the stored row, or undefined for an error on the
 * ignore list (answered as accepted, kept nowhere). Masking is done here whatever the client did.
 */
export async function createFrontendLog(
  ctx: AuthedContext,
  input: FrontendLogInput,
): Promise<FrontendLogRow | undefined> {
  if (!isFrontendLogLevel(input.level)) throw invalid('field "level": error, warn or info');
  if (input.message.trim() === '') throw invalid('field "message": required');
  if (isIgnoredError(input.message)) return undefined;

  const now = ctx.now();
  const recent = await frontendLogTimesSince(ctx.db, ctx.userId, now - FRONTEND_LOG_WINDOW_MS + 1);
  if (recent.length >= FRONTEND_LOGS_PER_WINDOW) {
    const oldest = recent[recent.length - FRONTEND_LOGS_PER_WINDOW] ?? now;
    throw rateLimited(Math.max(1, Math.ceil((oldest + FRONTEND_LOG_WINDOW_MS - now) / 1000)));
  }
  const row: FrontendLogRow = {
    user_id: ctx.userId,
    log_id: randomUUID(),
    created_at: now,
    level: input.level,
    message: maskSecrets(input.message),
    stack: maskSecrets(input.stack),
    device_type: input.deviceType,
    app_version: input.appVersion,
    native_version: input.nativeVersion,
    view: maskSecrets(input.view),
  };
  await insertFrontendLog(ctx.db, row);
  await trimFrontendLogs(ctx.db, ctx.userId, FRONTEND_LOGS_KEPT);
  return row;
}

/** The server log's fields for a stored report: masked already; the stack's first lines only. */
export function logFieldsOf(row: FrontendLogRow): Record<string, string> {
  return {
    userId: row.user_id,
    logId: row.log_id,
    reportLevel: row.level,
    message: row.message,
    stack: row.stack.split('\n').slice(0, 5).join('\n'),
    view: row.view,
    deviceType: row.device_type,
    appVersion: row.app_version,
    nativeVersion: row.native_version,
  };
}
