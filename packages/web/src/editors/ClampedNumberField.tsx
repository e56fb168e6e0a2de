import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useState } from 'react';

export interface ClampedNumberFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type'
> {
  value: number;
  /** Turns what was typed into a valid value (core's clamp for the field). */
  clamp: (typed: number) => number;
  onChange: (value: number) => void;
  /** Every number as typed, before it is clamped (NaN while the box is empty). */
  onTyped?: (typed: number) => void;
  min?: number;
  max?: number;
  step?: number;
}

/**
 * A number box that never hands out a value outside its range (spec 5): what is typed is passed
 * on when it is valid, and made valid when the box is left.
 */
export function ClampedNumberField({
  value,
  clamp,
  onChange,
  onTyped,
  min,
  max,
  step,
  slotProps,
  ...rest
}: ClampedNumberFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  function commit() {
    const typed = text.trim() === '' ? Number.NaN : Number(text);
    const next = clamp(typed);
    setText(String(next));
    if (next !== value) onChange(next);
  }

  return (
    <TextField
      {...rest}
      type="number"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim() === '' ? Number.NaN : Number(event.target.value);
        onTyped?.(typed);
        if (!Number.isNaN(typed) && clamp(typed) === typed && typed !== value) {
          onChange(typed);
        }
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { min, max, step, inputMode: 'decimal' },
      }}
    />
  );
}
