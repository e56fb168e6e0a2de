import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  clampNumber,
  clampRepeatCount,
  formatByDay,
  INPUT_BOUNDS,
  NO_RECURRENCE,
  parseByDay,
  RECURRENCE_END_KINDS,
  RECURRENCE_FREQS,
  recurrenceEndKind,
  repeatUntilFromPickedDay,
  repeatWithEnd,
  repeatWithFrequency,
  toWallClock,
  validateRepeatUntil,
  WEEKDAY_TOKENS,
  type RecurrenceEndKind,
  type RecurrenceFreq,
  type RecurrenceRule,
} from '@planner/core';
import { useTranslation } from 'react-i18next';
import { ClampedNumberField } from './ClampedNumberField';
import { DateInput } from './DateTimeInputs';
import type { PlannerPrefs } from './prefs';

const MAX_INTERVAL = 999;

export interface RepeatPickerProps {
  rule: RecurrenceRule;
  onChange: (rule: RecurrenceRule) => void;
  /** The item's start: UNTIL is set one week after it. */
  startMs: number;
  prefs: PlannerPrefs;
  disabled?: boolean;
}

function isFreq(value: string): value is RecurrenceFreq {
  return (RECURRENCE_FREQS as readonly string[]).includes(value);
}

function isEndKind(value: string): value is RecurrenceEndKind {
  return (RECURRENCE_END_KINDS as readonly string[]).includes(value);
}

/**
 * The weekdays shown as chosen: an empty byDay repeats on the start's weekday (RFC 5545), so
 * that day shows as chosen rather than none.
 */
export function shownByDay(byDay: string, startMs: number, timeZone: string): number[] {
  const days = parseByDay(byDay);
  if (days.length > 0) return days;
  // toWallClock counts from Sunday (0); the buttons from Monday (0).
  return [(toWallClock(startMs, timeZone).weekday + 6) % 7];
}

/** Weekday buttons Monday first; the label is the reader's short weekday name. */
function weekdayLabel(index: number, languageTag: string): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(languageTag, { weekday: 'narrow', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1 + index),
  );
}

type PartProps = Required<RepeatPickerProps>;

/** One of the picker's two lists (how often, how it ends): `name` names its label id too. */
function RepeatSelect<V extends string>(props: {
  name: 'repeat-freq' | 'repeat-end';
  label: string;
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const labelId = `${props.name}-label`;
  return (
    <FormControl fullWidth disabled={props.disabled}>
      <InputLabel id={labelId}>{props.label}</InputLabel>
      <Select
        labelId={labelId}
        label={props.label}
        value={props.value}
        name={props.name}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <MenuItem key={option} value={option}>
            {props.optionLabel(option)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** None, daily, weekly, monthly or yearly. */
function RepeatFrequencySelect({ rule, onChange, disabled }: PartProps) {
  const { t } = useTranslation('editors');
  return (
    <RepeatSelect
      name="repeat-freq"
      label={t('repeat.label')}
      value={rule.freq}
      options={RECURRENCE_FREQS}
      optionLabel={(freq) => t(`repeat.freq.${freq}`)}
      onChange={(freq) => {
        if (isFreq(freq)) onChange(repeatWithFrequency(rule, freq));
      }}
      disabled={disabled}
    />
  );
}

/** A weekly rule's weekdays, Monday first. */
function RepeatWeekdays({ rule, onChange, startMs, prefs, disabled }: PartProps) {
  const { t } = useTranslation('editors');
  return (
    <ToggleButtonGroup
      value={shownByDay(rule.byDay, startMs, prefs.timeZone)}
      onChange={(_, days: number[]) => onChange({ ...rule, byDay: formatByDay(days) })}
      aria-label={t('repeat.onDays')}
      disabled={disabled}
      size="small"
      sx={{ flexWrap: 'wrap' }}
    >
      {WEEKDAY_TOKENS.map((token, index) => (
        <ToggleButton key={token} value={index} aria-label={token} sx={{ flex: 1, minWidth: 36 }}>
          {weekdayLabel(index, prefs.languageTag)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * The date a repeat ends on, labelled apart from an event's own end date. One before the start
 * says so under it (the event screen does not save it; the server would refuse it unseen).
 */
function RepeatUntilField({ rule, onChange, startMs, prefs, disabled }: PartProps) {
  const { t } = useTranslation('editors');
  const error = validateRepeatUntil(rule, startMs);
  return (
    <Box>
      <DateInput
        label={t('repeat.until')}
        name="repeat-until"
        valueMs={rule.until}
        onChange={(picked) =>
          onChange({ ...rule, until: repeatUntilFromPickedDay(picked, startMs, prefs.timeZone) })
        }
        prefs={prefs}
        disabled={disabled}
      />
      {error && (
        <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
          {t(error)}
        </FormHelperText>
      )}
    </Box>
  );
}

/** How the repeat ends: never, on a date, or after a count. */
function RepeatEndFields(props: PartProps) {
  const { rule, onChange, startMs, prefs, disabled } = props;
  const { t } = useTranslation('editors');
  const end = recurrenceEndKind(rule);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <RepeatSelect
        name="repeat-end"
        label={t('repeat.ends')}
        value={end}
        options={RECURRENCE_END_KINDS}
        optionLabel={(kind) => t(`repeat.end.${kind}`)}
        onChange={(kind) => {
          if (isEndKind(kind)) onChange(repeatWithEnd(rule, kind, startMs, prefs.timeZone));
        }}
        disabled={disabled}
      />
      {end === 'UNTIL' && <RepeatUntilField {...props} />}
      {end === 'COUNT' && (
        <ClampedNumberField
          label={t('repeat.count')}
          name="repeat-count"
          value={rule.count}
          min={1}
          max={INPUT_BOUNDS.recurrenceCount}
          clamp={clampRepeatCount}
          onChange={(count) => onChange({ ...rule, count })}
          disabled={disabled}
          slotProps={{ input: { endAdornment: t('repeat.times', { count: rule.count }) } }}
        />
      )}
    </Box>
  );
}

/**
 * The repeat picker (spec 4): none clears the rule, a frequency other than weekly clears the
 * weekdays, ending on a date starts one week ahead and must not be before the start, ending after
 * a count starts at 1 and takes 1 to the server's bound. Each rule comes from core.
 */
export function RepeatPicker({ disabled = false, ...rest }: RepeatPickerProps) {
  const { t } = useTranslation('editors');
  const props = { ...rest, disabled };
  const { rule, onChange } = props;
  const isOn = rule.freq !== 'none';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RepeatFrequencySelect {...props} />
      {isOn && (
        <ClampedNumberField
          label={t('repeat.every')}
          name="repeat-interval"
          value={rule.interval}
          min={1}
          max={MAX_INTERVAL}
          clamp={(typed) => Math.floor(clampNumber(typed, 1, MAX_INTERVAL))}
          onChange={(interval) => onChange({ ...rule, interval })}
          disabled={disabled}
          slotProps={{
            input: { endAdornment: t(`repeat.unit.${rule.freq}`, { count: rule.interval }) },
          }}
        />
      )}
      {rule.freq === 'WEEKLY' && <RepeatWeekdays {...props} />}
      {isOn && <RepeatEndFields {...props} />}
    </Box>
  );
}

/** The wire rule (absent means none; freq is a string there) as the picker's rule. */
export function ruleOrNone(
  rule: (Omit<RecurrenceRule, 'freq'> & { freq: string }) | undefined,
): RecurrenceRule {
  if (!rule || !isFreq(rule.freq)) return { ...NO_RECURRENCE };
  return { ...rule, freq: rule.freq };
}
