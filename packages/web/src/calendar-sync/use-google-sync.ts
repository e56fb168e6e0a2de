import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as serverApi from './calendar-calls';
import { showToast } from '../components/toast-store';
import {
  CALENDAR_SYNC_NAMESPACE,
  googleLastSyncKey,
  googleStatusKey,
  refreshTimeline,
  showCalendarError,
  withSlowSyncToast,
} from './calendar-api';

type QueryClient = ReturnType<typeof useQueryClient>;

/** A sync that ran: its time for the row's hint, and the toast. syncedAt 0: Google refused. */
export function noteGoogleSync(client: QueryClient, syncedAt: number) {
  if (!syncedAt) return;
  client.setQueryData(googleLastSyncKey, syncedAt);
  showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:messages.synced`, severity: 'success' });
}

/** Unbinds Google Calendar: the last sync forgotten, the status and the plan read again. */
export async function disconnectGoogle(client: QueryClient) {
  await serverApi.unbindGoogleCalendar();
  client.setQueryData(googleLastSyncKey, null);
  await Promise.all([
    client.invalidateQueries({ queryKey: googleStatusKey }),
    refreshTimeline(client),
  ]);
}

/** Google Calendar's sync now (with the last sync's time) and disconnect. */
export function useGoogleSync() {
  const client = useQueryClient();
  const lastSync = useQuery<number | null>({
    queryKey: googleLastSyncKey,
    queryFn: () => null,
    staleTime: Infinity,
  }).data;
  const [isSyncing, setSyncing] = useState(false);

  const syncNow = async () => {
    setSyncing(true);
    try {
      const result = await withSlowSyncToast(serverApi.syncGoogleCalendar());
      // syncedAt 0: Google refused the grant; the status read below brings the prompt.
      noteGoogleSync(client, result.syncedAt);
      await refreshTimeline(client);
    } catch (error) {
      showCalendarError(error);
    } finally {
      setSyncing(false);
      // An expired grant shows now (the prompt reads this status).
      await client.invalidateQueries({ queryKey: googleStatusKey });
    }
  };

  /** Resolves false when it failed (the question stays open). */
  const disconnect = async () => {
    try {
      await disconnectGoogle(client);
    } catch (error) {
      showCalendarError(error);
      return false;
    }
    return true;
  };

  return { lastSync, isSyncing, syncNow, disconnect };
}
