import Switch from '@mui/material/Switch';
import { MINUTE_MS } from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../editors/PickersProvider';
import { hour12FromTimeFormat, usesTwelveHourClock } from '../editors/prefs';
import { languageTag, localeOf } from '../i18n/i18n';
import { ChoiceSelect } from '../components/ChoiceSelect';
import { TimeOfDayField } from './TimeOfDayField';
import type { Options } from './options-api';
import { SettingRow, SettingsSection } from '../components/SettingsSection';
import { chooseZoom, readZoom, ZOOM_LEVELS } from './zoom';

interface GroupProps {
  options: Options;
  change: (patch: Partial<Options>) => void;
}

/** The rest window: when on, no work is planned between its start and end. */
export function RestSettings({ options, change }: GroupProps) {
  const { t, i18n } = useTranslation('settings');
  const twelveHour = usesTwelveHourClock({
    hour12: hour12FromTimeFormat(options.timeFormat),
    languageTag: languageTag(localeOf(i18n.language)),
  });
  return (
    <SettingsSection id="rest" title={t('rest.title')}>
      <SettingRow label={t('rest.enabled')} hint={t('rest.hint')}>
        {(labelId) => (
          <Switch
            checked={options.autoIdleEnabled}
            onChange={(_, autoIdleEnabled) => change({ autoIdleEnabled })}
            slotProps={{ input: { 'aria-labelledby': labelId } }}
            data-setting="autoIdleEnabled"
          />
        )}
      </SettingRow>
      {options.autoIdleEnabled && (
        <SettingRow label={t('rest.window')}>
          {() => (
            <PickersProvider>
              <TimeOfDayField
                name="autoIdleStart"
                label={t('rest.start')}
                ms={options.autoIdleStart}
                twelveHour={twelveHour}
                onChange={(autoIdleStart) => change({ autoIdleStart })}
              />
              <TimeOfDayField
                name="autoIdleEnd"
                label={t('rest.end')}
                ms={options.autoIdleEnd}
                twelveHour={twelveHour}
                onChange={(autoIdleEnd) => change({ autoIdleEnd })}
              />
            </PickersProvider>
          )}
        </SettingRow>
      )}
    </SettingsSection>
  );
}

const OFFSET_MINUTES = [0, 5, 10, 15, 20] as const;

/**
 * Task notifications and how early they come. The spec's Android quick control bar (an ongoing
 * notification with the controls) is not built in the Android shell, so it has no switch here
 * (docs/native-shells.md); the option stays in UserOptions for when it is.
 */
export function NotificationSettings({ options, change }: GroupProps) {
  const { t } = useTranslation('settings');
  const offsets = OFFSET_MINUTES.map((minutes) => ({
    value: minutes * MINUTE_MS,
    label:
      minutes === 0 ? t('notifications.atStart') : t('notifications.before', { count: minutes }),
  }));
  return (
    <SettingsSection id="notifications" title={t('notifications.title')}>
      <SettingRow label={t('notifications.task')}>
        {(labelId) => (
          <Switch
            checked={options.taskNotificationEnabled}
            onChange={(_, taskNotificationEnabled) => change({ taskNotificationEnabled })}
            slotProps={{ input: { 'aria-labelledby': labelId } }}
            data-setting="taskNotificationEnabled"
          />
        )}
      </SettingRow>
      {options.taskNotificationEnabled && (
        <SettingRow label={t('notifications.offset')}>
          {(labelId) => (
            <ChoiceSelect
              name="taskNotificationOffset"
              labelId={labelId}
              value={options.taskNotificationOffset}
              choices={offsets}
              onChange={(taskNotificationOffset) => change({ taskNotificationOffset })}
            />
          )}
        </SettingRow>
      )}
    </SettingsSection>
  );
}

/** Zoom of the whole interface, kept on this device only. */
export function AccessibilitySettings() {
  const { t, i18n } = useTranslation('settings');
  const [zoom, setZoom] = useState(readZoom);
  const percent = new Intl.NumberFormat(i18n.language.replace('_cn', '-CN'), {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const levels = ZOOM_LEVELS.map((level) => ({ value: level, label: percent.format(level / 100) }));
  return (
    <SettingsSection id="accessibility" title={t('accessibility.title')}>
      <SettingRow label={t('accessibility.zoom')} hint={t('accessibility.zoomHint')}>
        {(labelId) => (
          <ChoiceSelect
            name="uiZoom"
            labelId={labelId}
            value={zoom}
            choices={levels}
            onChange={(level) => {
              setZoom(level);
              chooseZoom(level);
            }}
          />
        )}
      </SettingRow>
    </SettingsSection>
  );
}
