import TextField from '@mui/material/TextField';
import { DURATION_UNIT_MS, TASK_DURATION_MAX_MS, type DurationUnit } from '@planner/core';
import { useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../editors/format';
import { DURATION_TEXT_MAX_LENGTH, type DurationReading } from './duration-text';
import { useDurationText } from './use-duration-text';

/** What the form asks of the box when it saves. */
export interface DurationTextHandle {
  /** Reads the text as leaving the box does; false when it is refused, its reason shown. */
  readText: () => boolean;
  focus: () => void;
}

export interface DurationTextFieldProps {
  valueMs: number;
  /** The unit the number is shown in, and a bare number typed counts. */
  unit: DurationUnit;
  isDev: boolean;
  disabled: boolean;
  /** What the box read, when it was left or Enter was pressed (or an arrow stepped it). */
  onRead: (reading: DurationReading) => void;
  ref?: Ref<DurationTextHandle>;
}

/**
 * The number of the time needed, typed as a person writes it ("45m", "1h 30", "1:30", "90" in the
 * unit shown). The text is read when the box is left or Enter is pressed, never per key, so "1"
 * on the way to "1h" is never a minute. A refused text stays with the reason under it, and the
 * duration stays the last one read; the form reads the text again when it saves (`ref`), and
 * does not save while it is refused.
 * It stays a spin button: arrow up and down step one unit, as the number box did.
 */
export function DurationTextField({ disabled, ref, ...options }: DurationTextFieldProps) {
  const { t } = useTranslation('editors');
  const box = useDurationText(options);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({
    readText: box.commit,
    focus: () => input.current?.focus(),
  }));
  return (
    <TextField
      inputRef={input}
      label={t('task.timeScheduled')}
      name="time-scheduled"
      value={box.text}
      disabled={disabled}
      error={box.refusal !== null}
      helperText={box.refusalText}
      onChange={(event) => box.setText(event.target.value)}
      onBlur={box.commit}
      onKeyDown={box.onKeyDown}
      slotProps={{
        htmlInput: {
          role: 'spinbutton',
          inputMode: 'text',
          autoComplete: 'off',
          maxLength: DURATION_TEXT_MAX_LENGTH,
          'aria-valuenow': box.shown,
          'aria-valuemin': 0,
          'aria-valuemax': TASK_DURATION_MAX_MS / DURATION_UNIT_MS[options.unit],
          'aria-valuetext': formatDuration(options.valueMs, t),
        },
      }}
    />
  );
}
