import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

interface PlannerQueryMeta extends Record<string, unknown> {
  /** Kept in local storage so the next start paints before the server answers. */
  persist?: boolean;
  /** Errors are not worth a toast (background refreshes). */
  silent?: boolean;
}

interface PlannerMutationMeta extends Record<string, unknown> {
  /** The screen shows this mutation's errors itself (forms), so no toast. */
  handlesErrors?: boolean;
  /** A queued change's key, sent as `idempotency-key` (offline/offline-queue.ts). */
  idempotencyKey?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PlannerQueryMeta;
    mutationMeta: PlannerMutationMeta;
  }
}

/**
 * Where errors go: a notice, the limit dialog, the server's log. The app connects the reporter
 * at start (src/app/connect-features.ts), so this layer needs to know none of them.
 */
const errorReporting = { report: (error: unknown): void => void error };

export function connectErrorReporter(report: (error: unknown) => void): void {
  errorReporting.report = report;
}

/** Spec 8: shows or logs an error the way the app was connected to (see connectErrorReporter). */
export function reportError(error: unknown): void {
  errorReporting.report(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The protocol client already retries network failures the spec's way.
      queries: { retry: false, staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000 },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) reportError(error);
      },
    }),
  });
}

export const queryClient = createQueryClient();
