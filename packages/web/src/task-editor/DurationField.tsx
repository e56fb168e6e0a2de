import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import {
  durationFromValue,
  durationSliderSteps,
  durationUnitFor,
  durationValueIn,
  nearestSliderStep,
  rescaleDurationUnit,
  taskDurationBounds,
  type DurationUnit,
} from '@planner/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClampedNumberField } from '../editors/ClampedNumberField';
import { formatDuration } from '../editors/format';

const UNITS: readonly DurationUnit[] = ['minute', 'hour', 'day'];

export interface DurationFieldProps {
  valueMs: number;
  onChange: (ms: number) => void;
  isDev: boolean;
  disabled?: boolean;
}

/**
 * Time scheduled (spec 2 and 5): a number and its unit, and a slider over the spec's steps.
 * Every value is clamped to 5 minutes..72 hours by core; changing the unit rescales the number.
 */
export function DurationField({ valueMs, onChange, isDev, disabled = false }: DurationFieldProps) {
  const { t } = useTranslation('editors');
  const [unit, setUnit] = useState<DurationUnit>(() => durationUnitFor(valueMs));
  const steps = durationSliderSteps(isDev);
  const bounds = taskDurationBounds(isDev);
  // A value set from outside (loading the task, the slider) shows in its natural unit.
  useEffect(() => {
    if (durationValueIn(valueMs, unit) < 1 || valueMs > bounds.maxMs)
      setUnit(durationUnitFor(valueMs));
  }, [valueMs, unit, bounds.maxMs]);
  const clampInUnit = (typed: number) =>
    durationValueIn(durationFromValue(typed, unit, isDev), unit);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5 }}>
        <ClampedNumberField
          label={t('task.timeScheduled')}
          name="time-scheduled"
          value={durationValueIn(valueMs, unit)}
          clamp={clampInUnit}
          min={durationValueIn(bounds.minMs, unit)}
          max={durationValueIn(bounds.maxMs, unit)}
          onChange={(value) => onChange(durationFromValue(value, unit, isDev))}
          disabled={disabled}
        />
        <TextField
          select
          label={t('task.unit')}
          name="time-unit"
          value={unit}
          disabled={disabled}
          onChange={(event) => {
            const next = UNITS.find((u) => u === event.target.value);
            if (!next) return;
            onChange(rescaleDurationUnit(valueMs, unit, next, isDev));
            setUnit(next);
          }}
        >
          {UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {t(`task.units.${u}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ px: 1 }}>
        <Slider
          value={nearestSliderStep(valueMs, isDev)}
          min={0}
          max={steps.length - 1}
          step={1}
          marks
          disabled={disabled}
          aria-label={t('task.timeScheduled')}
          valueLabelDisplay="auto"
          valueLabelFormat={(index) => formatDuration(steps[index] ?? 0, t)}
          getAriaValueText={(index) => formatDuration(steps[index] ?? 0, t)}
          onChange={(_, index) => {
            const ms = typeof index === 'number' ? steps[index] : undefined;
            if (ms === undefined) return;
            onChange(ms);
            setUnit(durationUnitFor(ms));
          }}
        />
      </Box>
    </Box>
  );
}
