import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingRow } from '../settings/SettingsSection';
import { isNativeShell } from './bridge';
import { deviceInfoQuery, NATIVE_NAMESPACE } from './native-queries';

/** Whether the app runs in the Android shell (the bridge's device info; never in a browser). */
export function useIsAndroidShell(): boolean {
  const native = isNativeShell();
  const info = useQuery({ ...deviceInfoQuery(), enabled: native }).data;
  return native && info?.platform === 'android';
}

/** Settings, Notifications: the Android quick control bar (quickControlBarEnabled). */
export function QuickControlBarSetting({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const { t } = useTranslation(NATIVE_NAMESPACE);
  return (
    <SettingRow label={t('quickControlBar.label')} hint={t('quickControlBar.hint')}>
      {(labelId) => (
        <Switch
          checked={enabled}
          onChange={(_, next) => onChange(next)}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          data-setting="quickControlBarEnabled"
        />
      )}
    </SettingRow>
  );
}
