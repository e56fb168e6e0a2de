import { datePickerBounds } from '@planner/core';
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useMemo } from 'react';
import { toPickerDate, withPickedDay, withPickedTime } from './picker-dates';
import { usesTwelveHourClock, type PlannerPrefs } from './prefs';

interface InstantInputProps {
  label: string;
  valueMs: number;
  onChange: (ms: number) => void;
  prefs: PlannerPrefs;
  disabled?: boolean;
  /** Test and accessibility hook for the field. */
  name: string;
}

function useBounds(prefs: PlannerPrefs) {
  // The pickers' range (spec 5): 90 days back to 2048-12-31, read once per screen.
  return useMemo(() => {
    const bounds = datePickerBounds(Date.now(), prefs.timeZone);
    return {
      minDate: toPickerDate(bounds.start, prefs.timeZone),
      maxDate: toPickerDate(bounds.end, prefs.timeZone),
    };
  }, [prefs.timeZone]);
}

/** A day, in the person's zone; the time of day of the value is kept. */
export function DateInput({ label, valueMs, onChange, prefs, disabled, name }: InstantInputProps) {
  const bounds = useBounds(prefs);
  return (
    <DatePicker
      label={label}
      value={toPickerDate(valueMs, prefs.timeZone)}
      onChange={(picked) => {
        const next = withPickedDay(valueMs, picked, prefs.timeZone);
        if (next !== null) onChange(next);
      }}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      disabled={disabled ?? false}
      slotProps={{ textField: { fullWidth: true, name } }}
    />
  );
}

/** A time of day in the person's zone and clock setting; the day of the value is kept. */
export function TimeInput({ label, valueMs, onChange, prefs, disabled, name }: InstantInputProps) {
  return (
    <TimePicker
      label={label}
      value={toPickerDate(valueMs, prefs.timeZone)}
      ampm={usesTwelveHourClock(prefs)}
      onChange={(picked) => {
        const next = withPickedTime(valueMs, picked, prefs.timeZone);
        if (next !== null) onChange(next);
      }}
      disabled={disabled ?? false}
      slotProps={{ textField: { fullWidth: true, name } }}
    />
  );
}

/** A date and, unless all day, a time beside it. */
export function DateTimeRow(props: InstantInputProps & { dateLabel: string; allDay: boolean }) {
  const { dateLabel, allDay, ...rest } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: allDay
          ? '1fr'
          : { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <DateInput {...rest} label={dateLabel} name={`${props.name}-date`} />
      {!allDay && <TimeInput {...rest} name={`${props.name}-time`} />}
    </Box>
  );
}
