import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import {
  DURATION_UNIT_MS,
  durationFromValue,
  durationSliderSteps,
  durationUnitFor,
  durationValueIn,
  nearestSliderStep,
  rescaleDurationUnit,
  taskDurationBounds,
  type DurationUnit,
} from '@planner/core';
import { useState } from 'react';
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
 * Every value is clamped to 5 minutes..72 hours by core. Changing the unit converts the number and
 * keeps the duration; the unit is the person's choice until the duration is set from elsewhere
 * (loading the task, the slider), which shows it in its own unit again.
 */
export function DurationField({ valueMs, onChange, isDev, disabled = false }: DurationFieldProps) {
  const { t } = useTranslation('editors');
  // The unit chosen here, and the duration it was chosen for or typed as.
  const [chosen, setChosen] = useState<{ unit: DurationUnit; forMs: number } | null>(null);
  const unit = chosen?.forMs === valueMs ? chosen.unit : durationUnitFor(valueMs);
  const steps = durationSliderSteps(isDev);
  const bounds = taskDurationBounds(isDev);
  const setDuration = (ms: number, inUnit: DurationUnit) => {
    setChosen({ unit: inUnit, forMs: ms });
    if (ms !== valueMs) onChange(ms);
  };
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
          min={bounds.minMs / DURATION_UNIT_MS[unit]}
          max={bounds.maxMs / DURATION_UNIT_MS[unit]}
          onChange={(value) => setDuration(durationFromValue(value, unit, isDev), unit)}
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
            setDuration(rescaleDurationUnit(valueMs, next, isDev).durationMs, next);
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
            setDuration(ms, durationUnitFor(ms));
          }}
        />
      </Box>
    </Box>
  );
}
