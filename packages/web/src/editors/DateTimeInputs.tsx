import { datePickerBounds } from '@planner/core';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useMemo, useState } from 'react';
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

/**
 * Touch screens get MUI X's mobile pickers. Their open button is left out so a phone's
 * half-width field has room for the whole date (12/31/2026, 2026. 12. 31.); a tap on the field
 * opens the picker instead. Returns the picker's open state and slot props.
 */
function useFieldOpening(name: string, disabled: boolean) {
  // The pickers' own test for their desktop variant (desktopModeMediaQuery).
  const isDesktopVariant = useMediaQuery('@media (pointer: fine)', { noSsr: true });
  const [isOpen, setOpen] = useState(false);
  const opensOnTap = !isDesktopVariant && !disabled;
  return {
    open: isOpen,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    slotProps: {
      textField: {
        fullWidth: true,
        name,
        ...(opensOnTap ? { onClick: () => setOpen(true) } : {}),
      },
      ...(isDesktopVariant ? {} : { inputAdornment: { sx: { display: 'none' } } }),
    },
  };
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
  const opening = useFieldOpening(name, disabled ?? false);
  return (
    <DatePicker
      {...opening}
      label={label}
      value={toPickerDate(valueMs, prefs.timeZone)}
      onChange={(picked) => {
        const next = withPickedDay(valueMs, picked, prefs.timeZone);
        if (next !== null) onChange(next);
      }}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      disabled={disabled ?? false}
    />
  );
}

/** A time of day in the person's zone and clock setting; the day of the value is kept. */
export function TimeInput({ label, valueMs, onChange, prefs, disabled, name }: InstantInputProps) {
  const opening = useFieldOpening(name, disabled ?? false);
  return (
    <TimePicker
      {...opening}
      label={label}
      value={toPickerDate(valueMs, prefs.timeZone)}
      ampm={usesTwelveHourClock(prefs)}
      onChange={(picked) => {
        const next = withPickedTime(valueMs, picked, prefs.timeZone);
        if (next !== null) onChange(next);
      }}
      disabled={disabled ?? false}
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
