import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preferredTimeZone } from '../editors/prefs';
import {
  AUTOMATIC_LOCALE_OPTION,
  chooseLocale,
  languageTag,
  localeForOption,
  localeOf,
  SUPPORTED_LOCALES,
  type LocaleOption,
} from '../i18n/i18n';
import { ChoiceSelect, type Choice } from '../components/ChoiceSelect';
import type { Options } from './options-api';
import { SettingRow, SettingsSection } from '../components/SettingsSection';
import { TimeZonePicker } from './TimeZonePicker';

interface GroupProps {
  options: Options;
  change: (patch: Partial<Options>) => void;
}

const FIRST_DAYS = ['MON', 'SAT', 'SUN'] as const;
/** A Monday, Saturday and Sunday (UTC), to name the weekdays in the page's language. */
const WEEKDAY_DATES = {
  MON: Date.UTC(2024, 0, 1),
  SAT: Date.UTC(2024, 0, 6),
  SUN: Date.UTC(2024, 0, 7),
};
type TimeFormat = 'local' | '12-hour clock' | '24-hour clock';
/** 13:45, shown in each clock as an example. */
const EXAMPLE_TIME = Date.UTC(2024, 0, 1, 13, 45);

function isLocaleOption(value: string): value is LocaleOption {
  return (
    value === AUTOMATIC_LOCALE_OPTION || (SUPPORTED_LOCALES as readonly string[]).includes(value)
  );
}

function useChoices() {
  const { t, i18n } = useTranslation(['settings', 'translation']);
  const tag = languageTag(localeOf(i18n.language));
  const languages: Choice<LocaleOption>[] = [
    {
      value: AUTOMATIC_LOCALE_OPTION,
      label: t('translation:language.automatic', {
        language: t(`translation:languages.${localeForOption(AUTOMATIC_LOCALE_OPTION)}`),
      }),
    },
    ...SUPPORTED_LOCALES.map((locale) => ({
      value: locale,
      label: t(`translation:languages.${locale}`),
      lang: languageTag(locale),
    })),
  ];
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
  const firstDays = FIRST_DAYS.map((day) => ({
    value: day,
    label: weekday.format(WEEKDAY_DATES[day]),
  }));
  const example = (hour12: boolean | undefined) =>
    new Intl.DateTimeFormat(tag, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
      ...(hour12 === undefined ? {} : { hour12 }),
    }).format(EXAMPLE_TIME);
  const clocks: Choice<TimeFormat>[] = [
    { value: 'local', label: t('general.clockLocal', { example: example(undefined) }) },
    { value: '12-hour clock', label: t('general.clock12', { example: example(true) }) },
    { value: '24-hour clock', label: t('general.clock24', { example: example(false) }) },
  ];
  return { languages, firstDays, clocks, t };
}

/** Language, first day of the week, time zone and clock. */
export function GeneralSettings({ options, change }: GroupProps) {
  const { languages, firstDays, clocks, t } = useChoices();
  const [isPickerOpen, setPickerOpen] = useState(false);
  const zone = preferredTimeZone(options.timezone);
  const localeOption = isLocaleOption(options.locale) ? options.locale : AUTOMATIC_LOCALE_OPTION;
  return (
    <SettingsSection id="general" title={t('general.title')}>
      <SettingRow label={t('general.language')}>
        {(labelId) => (
          <ChoiceSelect
            name="locale"
            labelId={labelId}
            value={localeOption}
            choices={languages}
            onChange={(locale) => {
              change({ locale });
              void chooseLocale(locale);
            }}
          />
        )}
      </SettingRow>
      <SettingRow label={t('general.firstDayOfWeek')}>
        {(labelId) => (
          <ChoiceSelect
            name="firstDayOfWeek"
            labelId={labelId}
            value={options.firstDayOfWeek}
            choices={firstDays}
            onChange={(firstDayOfWeek) => change({ firstDayOfWeek })}
          />
        )}
      </SettingRow>
      <SettingRow label={t('general.timeZone')}>
        {(labelId) => (
          <Button
            variant="outlined"
            endIcon={<ChevronRightIcon />}
            aria-describedby={labelId}
            onClick={() => setPickerOpen(true)}
            data-setting="timezone"
            sx={{ textTransform: 'none' }}
          >
            {zone.replaceAll('_', ' ')}
          </Button>
        )}
      </SettingRow>
      <SettingRow label={t('general.clock')}>
        {(labelId) => (
          <ChoiceSelect
            name="timeFormat"
            labelId={labelId}
            value={options.timeFormat}
            choices={clocks}
            onChange={(timeFormat) => change({ timeFormat })}
          />
        )}
      </SettingRow>
      <TimeZonePicker
        open={isPickerOpen}
        onClose={() => setPickerOpen(false)}
        onChoose={(timezone) => change({ timezone })}
      />
    </SettingsSection>
  );
}
