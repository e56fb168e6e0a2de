import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { SettingRow } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE, useGoogleStatus } from './calendar-api';
import { useGoogleSetup } from './google-setup';
import { useFormatInstant } from './format';
import { useGoogleSync } from './use-google-sync';

type GoogleStatus = ReturnType<typeof useGoogleStatus>['data'];

/** The row's hint: connect, on (with the last sync), off, or nothing while the grant expired. */
function useGoogleHint(status: GoogleStatus, lastSync: number | null | undefined) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const formatInstant = useFormatInstant();
  if (!status?.initialized) return t('google.hint');
  if (status.tokenExpired) return undefined;
  if (!status.enabled) return t('google.off');
  return lastSync ? t('google.lastSync', { when: formatInstant(lastSync) }) : t('google.on');
}

/** The buttons of a connected account: reconnect or choose and sync, then disconnect. */
function ConnectedGoogleButtons({
  status,
  setup,
  sync,
  onDisconnect,
}: {
  status: NonNullable<GoogleStatus>;
  setup: ReturnType<typeof useGoogleSetup>;
  sync: ReturnType<typeof useGoogleSync>;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
    <>
      {status.tokenExpired ? (
        <Button variant="contained" onClick={setup.connect} disabled={setup.isBusy}>
          {t('google.reconnect')}
        </Button>
      ) : (
        <>
          <Button onClick={setup.chooseCalendars} disabled={setup.isBusy}>
            {t('google.chooseCalendars')}
          </Button>
          {status.enabled && (
            <Button onClick={() => void sync.syncNow()} disabled={sync.isSyncing}>
              {t(sync.isSyncing ? 'actions.syncing' : 'actions.syncNow')}
            </Button>
          )}
        </>
      )}
      <Button color="error" onClick={onDisconnect}>
        {t('google.disconnect')}
      </Button>
    </>
  );
}

/** Google Calendar in Settings: connect, choose calendars, sync now, disconnect. */
export function GoogleCalendarSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const status = useGoogleStatus().data;
  const sync = useGoogleSync();
  const setup = useGoogleSetup();
  const hint = useGoogleHint(status, sync.lastSync);
  const [isConfirmingDisconnect, setConfirmingDisconnect] = useState(false);

  return (
    <div data-testid="google-calendar">
      <SettingRow label={t('google.title')} hint={hint}>
        {() =>
          !status?.initialized ? (
            <Button variant="contained" onClick={setup.connect} disabled={setup.isBusy}>
              {t('google.connect')}
            </Button>
          ) : (
            <ConnectedGoogleButtons
              status={status}
              setup={setup}
              sync={sync}
              onDisconnect={() => setConfirmingDisconnect(true)}
            />
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
        onConfirm={sync.disconnect}
        onClose={() => setConfirmingDisconnect(false)}
        testId="google-disconnect-dialog"
      >
        <Typography>{t('google.disconnectText')}</Typography>
      </ActionDialog>
    </div>
  );
}
