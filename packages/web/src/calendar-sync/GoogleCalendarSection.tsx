import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './calendar-calls';
import { ActionDialog } from '../components/ActionDialog';
import { showToast } from '../components/toast-store';
import { SettingRow } from '../components/SettingsSection';
import {
  CALENDAR_SYNC_NAMESPACE,
  googleLastSyncKey,
  googleStatusKey,
  refreshTimeline,
  showCalendarError,
  useGoogleStatus,
  withSlowSyncToast,
} from './calendar-api';
import { useGoogleSetup } from './google-setup';
import { useFormatInstant } from './format';

/** Google Calendar in Settings: connect, choose calendars, sync now, disconnect. */
export function GoogleCalendarSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const status = useGoogleStatus().data;
  const lastSync = useQuery<number | null>({
    queryKey: googleLastSyncKey,
    queryFn: () => null,
    staleTime: Infinity,
  }).data;
  const setup = useGoogleSetup();
  const formatInstant = useFormatInstant();
  const [isSyncing, setSyncing] = useState(false);
  const [isConfirmingDisconnect, setConfirmingDisconnect] = useState(false);

  const syncNow = async () => {
    setSyncing(true);
    try {
      const result = await withSlowSyncToast(serverApi.syncGoogleCalendar());
      // syncedAt 0: Google refused the grant; the status read below brings the prompt.
      if (result.syncedAt) {
        client.setQueryData(googleLastSyncKey, result.syncedAt);
        showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:messages.synced`, severity: 'success' });
      }
      await refreshTimeline(client);
    } catch (error) {
      showCalendarError(error);
    } finally {
      setSyncing(false);
      // An expired grant shows now (the prompt reads this status).
      await client.invalidateQueries({ queryKey: googleStatusKey });
    }
  };

  const disconnect = async () => {
    try {
      await serverApi.unbindGoogleCalendar();
      client.setQueryData(googleLastSyncKey, null);
      await Promise.all([
        client.invalidateQueries({ queryKey: googleStatusKey }),
        refreshTimeline(client),
      ]);
    } catch (error) {
      showCalendarError(error);
      return false;
    }
    return true;
  };

  const isConnected = Boolean(status?.initialized);
  const hint = !isConnected
    ? t('google.hint')
    : status?.tokenExpired
      ? undefined
      : status?.enabled
        ? lastSync
          ? t('google.lastSync', { when: formatInstant(lastSync) })
          : t('google.on')
        : t('google.off');

  return (
    <div data-testid="google-calendar">
      <SettingRow label={t('google.title')} hint={hint}>
        {() =>
          !isConnected ? (
            <Button variant="contained" onClick={setup.connect} disabled={setup.isBusy}>
              {t('google.connect')}
            </Button>
          ) : (
            <>
              {status?.tokenExpired ? (
                <Button variant="contained" onClick={setup.connect} disabled={setup.isBusy}>
                  {t('google.reconnect')}
                </Button>
              ) : (
                <>
                  <Button onClick={setup.chooseCalendars} disabled={setup.isBusy}>
                    {t('google.chooseCalendars')}
                  </Button>
                  {status?.enabled && (
                    <Button onClick={() => void syncNow()} disabled={isSyncing}>
                      {t(isSyncing ? 'actions.syncing' : 'actions.syncNow')}
                    </Button>
                  )}
                </>
              )}
              <Button color="error" onClick={() => setConfirmingDisconnect(true)}>
                {t('google.disconnect')}
              </Button>
            </>
          )
        }
      </SettingRow>
      {status?.tokenExpired && (
        <Alert severity="warning" sx={{ mx: 3, mb: 1 }}>
          {t('errors.authorizationExpired')}
        </Alert>
      )}
      {setup.dialog}
      <ActionDialog
        open={isConfirmingDisconnect}
        title={t('google.disconnectTitle')}
        confirmLabel={t('google.disconnect')}
        cancelLabel={t('actions.cancel')}
        isDestructive
        onConfirm={disconnect}
        onClose={() => setConfirmingDisconnect(false)}
        testId="google-disconnect-dialog"
      >
        <Typography>{t('google.disconnectText')}</Typography>
      </ActionDialog>
    </div>
  );
}
