import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { SettingRow } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE, calendarErrorKey, type CalDavAccount } from './calendar-api';
import { hostOf } from './caldav-host';
import { useFormatInstant } from './format';
import type { CalDavDialog } from './use-caldav-accounts';

interface CalDavAccountRowProps {
  account: CalDavAccount;
  onOpen: (open: CalDavDialog) => void;
  onSync: () => void;
  isSyncing: boolean;
}

/** One account: its server, what it does and when it last synced, its actions and its error. */
export function CalDavAccountRow({ account, onOpen, onSync, isSyncing }: CalDavAccountRowProps) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const hint = useAccountHint(account);
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
      {account.error && <AccountError account={account} onOpen={onOpen} />}
    </Box>
  );
}

/** User name · busy calendars · the calendar it publishes to · last sync. */
function useAccountHint(account: CalDavAccount): string {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const formatInstant = useFormatInstant();
  const busy = account.calendars.filter((c) => c.syncEnabled).length;
  const published = account.calendars.find((c) => c.publish);
  return [
    account.username,
    t('caldav.busyCount', { count: busy }),
    published ? t('caldav.publishesTo', { calendar: published.title }) : null,
    account.lastSyncedAt
      ? t('caldav.lastSync', { when: formatInstant(account.lastSyncedAt) })
      : t('caldav.neverSynced'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Why the account cannot sync; a wrong password offers to enter a new one. */
function AccountError({
  account,
  onOpen,
}: {
  account: CalDavAccount;
  onOpen: (open: CalDavDialog) => void;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const errorKey = account.error ? calendarErrorKey(account.error) : undefined;
  return (
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
  );
}
