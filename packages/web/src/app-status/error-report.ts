import { FRONTEND_LOG_LIMITS, isIgnoredError, maskSecrets } from '@planner/core';
import { APP_VERSION, NetworkError, RpcError } from '@planner/protocol/client';

/** Reports one page sends at most: a render loop must not flood the server. */
export const REPORTS_PER_PAGE = 20;

/**
 * Whether an error a screen showed as a notice is also worth a report (spec 8: application
 * errors are shown and reported): the server's faults and the app's own exceptions are; what the
 * person can act on (refused input, a tier limit, a lost session, rate limits) and an unreachable
 * server are not, or every typo would land in the log.
 */
export function isWorthReporting(error: unknown): boolean {
  if (error instanceof NetworkError) return false;
  if (error instanceof RpcError) return error.code >= 500 && error.code <= 599;
  return true;
}

/** What CreateFrontendLog carries. */
export interface FrontendReport {
  level: 'error';
  message: string;
  stack: string;
  deviceType: string;
  appVersion: string;
  nativeVersion: string;
  view: string;
}

/** Message and stack of whatever was thrown (an Error, a string, anything). */
export function describeThrown(thrown: unknown): { message: string; stack: string } {
  if (thrown instanceof Error) {
    const message = thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
    return { message, stack: thrown.stack ?? '' };
  }
  if (typeof thrown === 'string') return { message: thrown, stack: '' };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown), stack: '' };
  } catch {
    return { message: String(thrown), stack: '' };
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * The report of a thrown value, masked and clipped to what the server accepts; undefined for
 * an error on the spec's ignore list.
 */
export function buildReport(
  thrown: unknown,
  view: string,
  extraStack = '',
): FrontendReport | undefined {
  const { message, stack } = describeThrown(thrown);
  if (isIgnoredError(message)) return undefined;
  const L = FRONTEND_LOG_LIMITS;
  return {
    level: 'error',
    // Masked before clipping: a cut could leave half a secret that no longer looks like one.
    message: clip(maskSecrets(message), L.message) || 'Error',
    stack: clip(maskSecrets(extraStack ? `${stack}\n${extraStack}` : stack), L.stack),
    deviceType: 'web',
    appVersion: APP_VERSION,
    // A browser has no native shell.
    nativeVersion: '',
    view: clip(maskSecrets(view), L.view),
  };
}

/**
 * Sends each distinct error once per page (same message and first stack line), and at most
 * REPORTS_PER_PAGE in all.
 */
export function createErrorReporter(send: (report: FrontendReport) => void) {
  const seen = new Set<string>();
  return (thrown: unknown, view: string, extraStack?: string): void => {
    const report = buildReport(thrown, view, extraStack);
    if (!report || seen.size >= REPORTS_PER_PAGE) return;
    const key = `${report.message}\n${report.stack.split('\n')[1] ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    send(report);
  };
}
