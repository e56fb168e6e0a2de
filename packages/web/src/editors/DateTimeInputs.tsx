import { datePickerBounds } from '@planner/core';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useMemo, useState, type FocusEvent } from 'react';
import { toPickerDate, withPickedDay, withPickedTime } from './picker-dates';
import { usesTwelveHourClock, type PlannerPrefs } from './prefs';
import { serverNow } from '../api/server-clock';

interface InstantInputProps {
  label: string;
  valueMs: number;
  /** Each complete, valid value as it is typed or picked. */
  onChange: (ms: number) => void;
  /**
   * The field was left or a value accepted in the picker: when rules that tie fields together
   * apply, rather than to each keystroke's value.
   */
  onCommit?: () => void;
  prefs: PlannerPrefs;
  disabled?: boolean;
  /** Test and accessibility hook for the field. */
  name: string;
}

/** What the field shows: the typed value (maybe partial or invalid) and the instant it stands for. */
interface Shown {
  ms: number;
  timeZone: string;
  date: Date | null;
  isValid: boolean;
}

function shownOf(ms: number, timeZone: string): Shown {
  return { ms, timeZone, date: toPickerDate(ms, timeZone), isValid: true };
}

type ReadPicked = (ms: number, picked: Date | null, timeZone: string) => number | null;

/**
 * The picker's value between the form and the keyboard. MUI X fields are controlled and type
 * section by section, so a year typed digit by digit passes through years 2, 20 and 202: the field
 * shows those, while the form keeps its last valid instant until a whole valid date is typed (and
 * gets it back in the field when it is left half typed). A value the form changes itself (a rule
 * moving the end, a refresh) is shown at once.
 */
function useShownValue(props: InstantInputProps, read: ReadPicked) {
  const { valueMs, onChange, onCommit, prefs } = props;
  const timeZone = prefs.timeZone;
  const [shown, setShown] = useState<Shown>(() => shownOf(valueMs, timeZone));
  if (shown.ms !== valueMs || shown.timeZone !== timeZone) setShown(shownOf(valueMs, timeZone));
  return {
    value: shown.date,
    onChange: (picked: Date | null, context: { validationError: unknown }) => {
      const next = context.validationError === null ? read(valueMs, picked, timeZone) : null;
      if (next === null) {
        setShown({ ms: valueMs, timeZone, date: picked, isValid: false });
        return;
      }
      // A time the clock skips (a daylight-saving gap) shows as the instant it became.
      const stored = toPickerDate(next, timeZone);
      const date = picked && stored.getTime() === picked.getTime() ? picked : stored;
      setShown({ ms: next, timeZone, date, isValid: true });
      if (next !== valueMs) onChange(next);
    },
    // Field typing is "accepted" at every keystroke; only a value picked in the picker's views is
    // complete.
    onAccept: (_: Date | null, context: { source: string }) => {
      if (context.source === 'view') onCommit?.();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Moving between the field's own sections is not leaving it.
      const to = event.relatedTarget;
      if (to instanceof Node && event.currentTarget.contains(to)) return;
      if (!shown.isValid) setShown(shownOf(valueMs, timeZone));
      onCommit?.();
    },
  };
}

/**
 * Touch screens get MUI X's mobile pickers. Their open button is left out so a phone's
 * half-width field has room for the whole date (12/31/2026, 2026. 12. 31.); a tap on the field
 * opens the picker instead. Returns the picker's open state and slot props.
 */
function useFieldOpening(
  name: string,
  disabled: boolean,
  onBlur: (e: FocusEvent<HTMLElement>) => void,
) {
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
        onBlur,
        ...(opensOnTap ? { onClick: () => setOpen(true) } : {}),
      },
      ...(isDesktopVariant ? {} : { inputAdornment: { sx: { display: 'none' } } }),
    },
  };
}

function useBounds(prefs: PlannerPrefs) {
  // The pickers' range (spec 5): 90 days back to 2048-12-31, read once per screen.
  return useMemo(() => {
    const bounds = datePickerBounds(serverNow(), prefs.timeZone);
    return {
      minDate: toPickerDate(bounds.start, prefs.timeZone),
      maxDate: toPickerDate(bounds.end, prefs.timeZone),
    };
  }, [prefs.timeZone]);
}

/** A day, in the person's zone; the time of day of the value is kept. */
export function DateInput(props: InstantInputProps) {
  const { label, prefs, disabled, name } = props;
  const bounds = useBounds(prefs);
  const { onBlur, ...shown } = useShownValue(props, withPickedDay);
  const opening = useFieldOpening(name, disabled ?? false, onBlur);
  return (
    <DatePicker
      {...opening}
      {...shown}
      label={label}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      disabled={disabled ?? false}
    />
  );
}

/** A time of day in the person's zone and clock setting; the day of the value is kept. */
export function TimeInput(props: InstantInputProps) {
  const { label, prefs, disabled, name } = props;
  const { onBlur, ...shown } = useShownValue(props, withPickedTime);
  const opening = useFieldOpening(name, disabled ?? false, onBlur);
  return (
    <TimePicker
      {...opening}
      {...shown}
      label={label}
      ampm={usesTwelveHourClock(prefs)}
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
