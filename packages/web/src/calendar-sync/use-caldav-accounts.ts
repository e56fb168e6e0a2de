import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../components/toast-store';
import * as serverApi from './calendar-calls';
import {
  CALENDAR_SYNC_NAMESPACE,
  calDavAccountsKey,
  refreshTimeline,
  showCalendarError,
  useCalDavAccounts,
  withSlowSyncToast,
  type CalDavAccount,
  type CalendarEntry,
} from './calendar-api';

/** The dialog open over the CalDAV section, and for which account. */
export type CalDavDialog =
  | { kind: 'add' }
  | { kind: 'select'; account: CalDavAccount }
  | { kind: 'password'; account: CalDavAccount }
  | { kind: 'remove'; account: CalDavAccount }
  | null;

/** The account as the server answered it, in the cached list (added or replaced). */
function rememberAccount(client: QueryClient, account: CalDavAccount) {
  client.setQueryData<CalDavAccount[]>(calDavAccountsKey, (list = []) =>
    list.some((a) => a.id === account.id)
      ? list.map((a) => (a.id === account.id ? account : a))
      : [...list, account],
  );
}

function forgetAccount(client: QueryClient, accountId: string) {
  client.setQueryData<CalDavAccount[]>(calDavAccountsKey, (list = []) =>
    list.filter((a) => a.id !== accountId),
  );
}

/** Which accounts are syncing now, and syncing one (a toast, then the timeline and the account). */
function useAccountSync(client: QueryClient) {
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());
  const sync = async (account: CalDavAccount) => {
    setSyncing((set) => new Set(set).add(account.id));
    try {
      await withSlowSyncToast(serverApi.syncCalDavAccount({ accountId: account.id }));
      showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:messages.synced`, severity: 'success' });
      await refreshTimeline(client);
    } catch (error) {
      showCalendarError(error);
    } finally {
      setSyncing((set) => {
        const next = new Set(set);
        next.delete(account.id);
        return next;
      });
      // The account's error (or its new last sync) is read again.
      await client.invalidateQueries({ queryKey: calDavAccountsKey });
    }
  };
  return { isSyncing: (accountId: string) => syncing.has(accountId), sync };
}

/** The CalDAV accounts, the open dialog, and what the section does with them. */
export function useCalDavSection() {
  const client = useQueryClient();
  const accounts = useCalDavAccounts().data ?? [];
  const [open, setOpen] = useState<CalDavDialog>(null);
  const { isSyncing, sync } = useAccountSync(client);

  // Two calls, not a Chain: the server keeps SyncCalDavAccount out of chains (it talks to the
  // CalDAV server outside the transaction). A refused choice keeps the dialog open.
  const saveSelection = async (account: CalDavAccount, calendars: CalendarEntry[]) => {
    let saved: CalDavAccount | undefined;
    try {
      saved = (await serverApi.updateCalDavAccount({ accountId: account.id, calendars })).account;
    } catch (error) {
      showCalendarError(error);
      return;
    }
    if (saved) rememberAccount(client, saved);
    setOpen(null);
    await sync(saved ?? account);
  };

  const remove = async (account: CalDavAccount) => {
    try {
      await serverApi.removeCalDavAccount({ accountId: account.id });
    } catch (error) {
      showCalendarError(error);
      return false;
    }
    forgetAccount(client, account.id);
    await refreshTimeline(client);
    return true;
  };

  const remember = (account: CalDavAccount) => rememberAccount(client, account);
  return { accounts, open, setOpen, isSyncing, sync, saveSelection, remove, remember };
}
