import { useQueryClient } from '@tanstack/react-query';
import * as serverApi from './calendar-calls';
import { showToast } from '../components/toast-store';
import { CALENDAR_SYNC_NAMESPACE, icsFeedKey, showCalendarError } from './calendar-api';

export const icsToast = (key: string) =>
  showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:${key}`, severity: 'success' });

/** The feed's create, revoke and copy; create and revoke resolve false when they failed. */
export function useIcsFeedActions(url: string) {
  const client = useQueryClient();

  const create = async (): Promise<boolean> => {
    try {
      const answer = await serverApi.createIcsFeed();
      client.setQueryData(icsFeedKey, answer.url);
      return true;
    } catch (error) {
      showCalendarError(error);
      return false;
    }
  };
  const revoke = async (): Promise<boolean> => {
    try {
      await serverApi.revokeIcsFeed();
      client.setQueryData(icsFeedKey, '');
      icsToast('ics.revoked');
      return true;
    } catch (error) {
      showCalendarError(error);
      return false;
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      icsToast('ics.copied');
    } catch {
      showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:ics.copyFailed`, severity: 'error' });
    }
  };

  return { create, revoke, copy };
}
