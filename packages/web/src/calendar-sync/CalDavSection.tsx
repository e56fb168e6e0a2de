import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './calendar-calls';
import { ActionDialog } from '../components/ActionDialog';
import { showToast } from '../components/toast-store';
import { SettingRow } from '../components/SettingsSection';
import {
  CALENDAR_SYNC_NAMESPACE,
  calDavAccountsKey,
  calendarErrorKey,
  refreshTimeline,
  showCalendarError,
  useCalDavAccounts,
  withSlowSyncToast,
  type CalDavAccount,
  type CalendarEntry,
} from './calendar-api';
import { CalDavAccountDialog, CalDavPasswordDialog } from './CalDavAccountDialog';
import { CalendarSelectionDialog } from './CalendarSelectionDialog';
import { useFormatInstant } from './format';

function hostOf(serverUrl: string): string {
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}

type Open =
  | { kind: 'add' }
  | { kind: 'select'; account: CalDavAccount }
  | { kind: 'password'; account: CalDavAccount }
  | { kind: 'remove'; account: CalDavAccount }
  | null;

function AccountRow({
  account,
  onOpen,
  onSync,
  isSyncing,
}: {
  account: CalDavAccount;
  onOpen: (open: Open) => void;
  onSync: () => void;
  isSyncing: boolean;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const formatInstant = useFormatInstant();
  const busy = account.calendars.filter((c) => c.syncEnabled).length;
  const published = account.calendars.find((c) => c.publish);
  const hint = [
    account.username,
    t('caldav.busyCount', { count: busy }),
    published ? t('caldav.publishesTo', { calendar: published.title }) : null,
    account.lastSyncedAt
      ? t('caldav.lastSync', { when: formatInstant(account.lastSyncedAt) })
      : t('caldav.neverSynced'),
  ]
    .filter(Boolean)
    .join(' · ');
  const errorKey = account.error ? calendarErrorKey(account.error) : undefined;
  return (
    <Box data-testid="caldav-account" data-account={account.username}>
      <SettingRow label={hostOf(account.serverUrl)} hint={hint}>
        {() => (
          <>
            <Button size="small" onClick={() => onOpen({ kind: 'select', account })}>
              {t('caldav.calendars')}
            </Button>
            <Button size="small" onClick={onSync} disabled={isSyncing}>
              {t(isSyncing ? 'actions.syncing' : 'actions.syncNow')}
            </Button>
            <Button size="small" color="error" onClick={() => onOpen({ kind: 'remove', account })}>
              {t('caldav.remove')}
            </Button>
          </>
        )}
      </SettingRow>
      {account.error && (
        <Alert
          severity="error"
          sx={{ mx: 3, mb: 1 }}
          data-testid="caldav-account-error"
          action={
            account.error === 'calendar.wrongPassword' ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => onOpen({ kind: 'password', account })}
              >
                {t('caldav.enterNewPassword')}
              </Button>
            ) : undefined
          }
        >
          {t(errorKey ?? 'errors.cannotSync')}
        </Alert>
      )}
    </Box>
  );
}

/** CalDAV accounts in Settings: add, choose busy and publish calendars, sync, remove. */
export function CalDavSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const accounts = useCalDavAccounts().data ?? [];
  const [open, setOpen] = useState<Open>(null);
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());

  const remember = (account: CalDavAccount) =>
    client.setQueryData<CalDavAccount[]>(calDavAccountsKey, (list = []) =>
      list.some((a) => a.id === account.id)
        ? list.map((a) => (a.id === account.id ? account : a))
        : [...list, account],
    );
  const reloadAccounts = () => client.invalidateQueries({ queryKey: calDavAccountsKey });

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
      await reloadAccounts();
    }
  };

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
    if (saved) remember(saved);
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
    client.setQueryData<CalDavAccount[]>(calDavAccountsKey, (list = []) =>
      list.filter((a) => a.id !== account.id),
    );
    await refreshTimeline(client);
    return true;
  };

  return (
    <div data-testid="caldav-accounts">
      <SettingRow label={t('caldav.title')} hint={t('caldav.hint')}>
        {() => (
          <Button variant="outlined" onClick={() => setOpen({ kind: 'add' })}>
            {t('caldav.add')}
          </Button>
        )}
      </SettingRow>
      {accounts.map((account) => (
        <AccountRow
          key={account.id}
          account={account}
          onOpen={setOpen}
          onSync={() => void sync(account)}
          isSyncing={syncing.has(account.id)}
        />
      ))}
      {open?.kind === 'add' && (
        <CalDavAccountDialog
          onClose={() => setOpen(null)}
          onAdded={(account) => {
            remember(account);
            // Straight on to the choice of calendars; cancelling it keeps the account unsynced.
            setOpen({ kind: 'select', account });
          }}
        />
      )}
      {open?.kind === 'select' && (
        <CalendarSelectionDialog
          title={t('selection.caldavTitle', { server: hostOf(open.account.serverUrl) })}
          entries={open.account.calendars}
          allowPublish
          confirmLabel={t('selection.saveAndSync')}
          onConfirm={(calendars) => saveSelection(open.account, calendars)}
          onCancel={() => setOpen(null)}
          testId="calendar-selection-dialog"
        />
      )}
      {open?.kind === 'password' && (
        <CalDavPasswordDialog
          account={open.account}
          onClose={() => setOpen(null)}
          onSaved={(account) => {
            remember(account);
            setOpen(null);
            void sync(account);
          }}
        />
      )}
      <ActionDialog
        open={open?.kind === 'remove'}
        title={t('caldav.removeTitle')}
        confirmLabel={t('caldav.remove')}
        cancelLabel={t('actions.cancel')}
        isDestructive
        onConfirm={() => (open?.kind === 'remove' ? remove(open.account) : Promise.resolve())}
        onClose={() => setOpen(null)}
        testId="caldav-remove-dialog"
      >
        <Typography>{t('caldav.removeText')}</Typography>
      </ActionDialog>
    </div>
  );
}
