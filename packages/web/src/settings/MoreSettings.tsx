import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { HOUR_MS, MINUTE_MS } from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from './ChoiceSelect';
import type { Options } from './options-api';
import { QuickControlBarSetting, useIsAndroidShell } from '../native/QuickControlBarSetting';
import { SettingRow, SettingsSection } from './SettingsSection';
import { chooseZoom, readZoom, ZOOM_LEVELS } from './zoom';

interface GroupProps {
  options: Options;
  change: (patch: Partial<Options>) => void;
}

/** "HH:MM" of a time of day in ms after midnight, as a time input takes it. */
export function timeInputValue(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/** Milliseconds after midnight of a time input's "HH:MM", or null while it is incomplete. */
export function timeOfDayMs(value: string): number | null {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * HOUR_MS + minutes * MINUTE_MS;
}

function TimeOfDayInput({
  label,
  ms,
  onChange,
  name,
}: {
  label: string;
  ms: number;
  onChange: (ms: number) => void;
  name: string;
}) {
  return (
    <TextField
      type="time"
      size="small"
      label={label}
      value={timeInputValue(ms)}
      onChange={(event) => {
        const next = timeOfDayMs(event.target.value);
        if (next !== null) onChange(next);
      }}
      slotProps={{ htmlInput: { step: 60, 'data-setting': name }, inputLabel: { shrink: true } }}
      sx={{ width: 140 }}
    />
  );
}

/** The rest window: when on, no work is planned between its start and end. */
export function RestSettings({ options, change }: GroupProps) {
  const { t } = useTranslation('settings');
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
            <>
              <TimeOfDayInput
                name="autoIdleStart"
                label={t('rest.start')}
                ms={options.autoIdleStart}
                onChange={(autoIdleStart) => change({ autoIdleStart })}
              />
              <TimeOfDayInput
                name="autoIdleEnd"
                label={t('rest.end')}
                ms={options.autoIdleEnd}
                onChange={(autoIdleEnd) => change({ autoIdleEnd })}
              />
            </>
          )}
        </SettingRow>
      )}
    </SettingsSection>
  );
}

const OFFSET_MINUTES = [0, 5, 10, 15, 20] as const;

/**
 * Task notifications and how early they come. The quick control bar is an Android
 * notification (spec 6): its switch shows only inside the Android shell.
 */
export function NotificationSettings({ options, change }: GroupProps) {
  const { t } = useTranslation('settings');
  const isAndroid = useIsAndroidShell();
  const offsets = OFFSET_MINUTES.map((minutes) => ({
    value: minutes * MINUTE_MS,
    label:
      minutes === 0 ? t('notifications.atStart') : t('notifications.before', { count: minutes }),
  }));
  return (
    <SettingsSection id="notifications" title={t('notifications.title')}>
      {isAndroid && (
        <QuickControlBarSetting
          enabled={options.quickControlBarEnabled}
          onChange={(quickControlBarEnabled) => change({ quickControlBarEnabled })}
        />
      )}
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
