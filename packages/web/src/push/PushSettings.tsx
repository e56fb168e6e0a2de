import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingRow, SettingsSection } from '../components/SettingsSection';
import { isPushSupported, usePushToken } from './push-state';

export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

function permission(): NotificationPermission | 'unsupported' {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** This device: on while allowed and registered; blocked when the browser refuses. */
export function pushStateOf(
  current: NotificationPermission | 'unsupported',
  token: string | null,
): PushState {
  if (current === 'unsupported') return 'unsupported';
  if (current === 'denied') return 'blocked';
  return current === 'granted' && token !== null ? 'on' : 'off';
}

const CHIP_COLOR = {
  on: 'success',
  off: 'default',
  blocked: 'warning',
  unsupported: 'default',
} as const;

/**
 * Settings, notifications on this device: its state, and a button that asks for permission,
 * subscribes and registers (or revokes). The subscription code loads on the first press.
 */
export function PushSettings() {
  const { t } = useTranslation('push');
  const token = usePushToken();
  // The browser has no event for a permission changed in its own settings: read it per render,
  // and render again after each press.
  const [, setPresses] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = pushStateOf(permission(), token);

  async function press(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const device = await import('./push-device');
      try {
        if (state === 'on') await device.disablePush();
        else await device.enablePush();
      } catch (failure) {
        if (failure instanceof device.PushError) setError(`errors.${failure.code}`);
        else setError(state === 'on' ? 'errors.revokeFailed' : 'errors.subscribeFailed');
      }
    } catch {
      setError('errors.subscribeFailed');
    } finally {
      setBusy(false);
      setPresses((n) => n + 1);
    }
  }

  return (
    <SettingsSection id="push" title={t('title')}>
      <SettingRow label={t('label')} hint={t(`hint.${state}`)}>
        {(labelId) => (
          <>
            <Chip
              size="small"
              label={t(`state.${state}`)}
              color={CHIP_COLOR[state]}
              data-push-state={state}
            />
            {state !== 'unsupported' && state !== 'blocked' && (
              <Button
                variant={state === 'on' ? 'outlined' : 'contained'}
                disabled={isBusy}
                aria-describedby={labelId}
                onClick={() => void press()}
              >
                {state === 'on' ? t('turnOff') : t('turnOn')}
              </Button>
            )}
          </>
        )}
      </SettingRow>
      {error && (
        <Alert severity="error" role="alert" sx={{ mx: 3, mt: 1 }}>
          {t(error)}
        </Alert>
      )}
    </SettingsSection>
  );
}
