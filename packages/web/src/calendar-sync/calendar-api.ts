import { RpcError, type Output } from '@planner/protocol';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { call } from '../api/client';
import { reportError } from '../api/query-client';
import { timelineStateKey } from '../api/timeline-state';
import { showToast, toasts } from '../components/toast-store';

/** The namespace of the calendar sync strings (src/i18n/calendar-sync). */
export const CALENDAR_SYNC_NAMESPACE = 'calendar-sync';

export type GoogleSyncStatus = NonNullable<Output<'GetGoogleCalendarSyncStatus'>['status']>;
export type CalendarEntry = NonNullable<
  Output<'GetGoogleCalendarSyncOptions'>['options']
>['entryOptions'][number];
export type CalDavAccount = Output<'ListCalDavAccounts'>['accounts'][number];
export type SyncResult = Output<'SyncGoogleCalendar'>;

export const googleStatusKey = ['calendarSync', 'googleStatus'] as const;
/** When this device last saw a Google sync finish (the status has no such field). */
export const googleLastSyncKey = ['calendarSync', 'googleLastSync'] as const;
export const calDavAccountsKey = ['calendarSync', 'calDavAccounts'] as const;
export const icsFeedKey = ['calendarSync', 'icsFeed'] as const;

const NOT_SET: GoogleSyncStatus = { initialized: false, tokenExpired: false, enabled: false };

/** GetGoogleCalendarSyncStatus; background, so a failure stays silent (no Google configured). */
export function googleStatusQuery() {
  return {
    queryKey: googleStatusKey,
    queryFn: async (): Promise<GoogleSyncStatus> =>
      (await call('GetGoogleCalendarSyncStatus', undefined, { showLoading: false })).status ??
      NOT_SET,
    meta: { silent: true },
  } as const;
}

export function useGoogleStatus() {
  return useQuery(googleStatusQuery());
}

export function useCalDavAccounts() {
  return useQuery({
    queryKey: calDavAccountsKey,
    queryFn: async () => (await call('ListCalDavAccounts')).accounts,
    meta: { silent: true },
  });
}

export function useIcsFeed() {
  return useQuery({
    queryKey: icsFeedKey,
    queryFn: async () => (await call('GetIcsFeed')).url,
    meta: { silent: true },
  });
}

/**
 * Synced events are busy time: after a sync the agenda's ranges and state load again (the
 * agenda's server data lives only in the query cache, under these keys).
 */
export function refreshTimeline(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['timeline'] }),
    client.invalidateQueries({ queryKey: timelineStateKey }),
  ]).then(() => undefined);
}

/** The translation key (calendar-sync namespace) of a server's calendar message key. */
export function calendarErrorKey(messageKey: string): string | undefined {
  if (!messageKey.startsWith('calendar.')) return undefined;
  const key = `errors.${messageKey.slice('calendar.'.length)}`;
  return i18next.exists(key, { ns: CALENDAR_SYNC_NAMESPACE }) ? key : 'errors.cannotSync';
}

/**
 * An error of a calendar call as a toast: the server's calendar.* keys read in this namespace,
 * anything else goes the app's usual way (reportError).
 */
export function showCalendarError(error: unknown): void {
  const key = error instanceof RpcError ? calendarErrorKey(error.message) : undefined;
  if (key) showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:${key}`, severity: 'error' });
  else reportError(error);
}

/** Spec: a sync that takes longer than this shows a "still syncing" toast. */
export const SLOW_SYNC_MS = 6000;
/** The slow-sync toast stays until the sync ends (it is dismissed then). */
const SLOW_TOAST_MS = 10 * 60 * 1000;

/** Runs a sync; after 6 s a toast says it is still going, and goes when the sync ends. */
export async function withSlowSyncToast<T>(run: Promise<T>): Promise<T> {
  let toastId: number | null = null;
  const timer = setTimeout(() => {
    toastId = showToast({
      key: `${CALENDAR_SYNC_NAMESPACE}:messages.slowSync`,
      timeoutMs: SLOW_TOAST_MS,
    });
  }, SLOW_SYNC_MS);
  try {
    return await run;
  } finally {
    clearTimeout(timer);
    if (toastId !== null) toasts.dismiss(toastId);
  }
}
