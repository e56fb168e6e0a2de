import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { isWorthReporting } from '../app-status/error-report';
import { reportFrontendError } from '../app-status/report-errors';
import { showToast } from '../components/toast-store';
import { showLimitFor } from '../limits/limit-store';
import { onSessionInvalid } from './client';
import { describeError } from './error-message';
import { installOfflineQueue } from '../offline/offline-queue';

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
 * Spec 8: application errors with a message are shown as a notice (some codes stay silent), and
 * the server's faults and the app's own exceptions also go to the server's log.
 */
export function reportError(error: unknown): void {
  // 4201/4202: the limit dialog instead of a notice (spec 8).
  if (showLimitFor(error)) return;
  const message = describeError(error, (key) => i18next.exists(key));
  if (message) showToast({ ...message, severity: 'error' });
  if (isWorthReporting(error)) reportFrontendError(error);
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
// Before the saved cache is restored: restored changes need their defaults (src/offline).
installOfflineQueue(queryClient);

onSessionInvalid(() => queryClient.clear());
