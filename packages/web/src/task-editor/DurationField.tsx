import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import {
  durationFromValue,
  durationSliderSteps,
  durationUnitFor,
  nearestSliderStep,
  rescaleDurationUnit,
  type DurationUnit,
} from '@planner/core';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../editors/format';
import type { DurationReading } from './duration-text';
import { DurationTextField, type DurationTextHandle } from './DurationTextField';

const UNITS: readonly DurationUnit[] = ['minute', 'hour', 'day'];

export interface DurationFieldProps {
  valueMs: number;
  onChange: (ms: number) => void;
  isDev: boolean;
  disabled?: boolean;
  /** The box, for the form's save: it reads the text first and stops at a refused one. */
  ref?: Ref<DurationTextHandle>;
}

/**
 * The unit shown and the duration's changes from the box, the unit picker and the slider. The
 * unit is the person's choice until the duration is set from elsewhere; a number typed before any
 * unit was picked is remembered, unclamped, for the unit picked next.
 */
function useDurationUnit(valueMs: number, onChange: (ms: number) => void, isDev: boolean) {
  // The unit chosen here, and the duration it was chosen for or typed as.
  const [chosen, setChosen] = useState<{ unit: DurationUnit; forMs: number } | null>(null);
  // Whether the person has picked a unit yet, and the number typed (unclamped) while they had not.
  const [isUnitPicked, setUnitPicked] = useState(false);
  const [typed, setTyped] = useState<number | null>(null);
  const unit = chosen?.forMs === valueMs ? chosen.unit : durationUnitFor(valueMs);
  const setDuration = (ms: number, inUnit: DurationUnit) => {
    setChosen({ unit: inUnit, forMs: ms });
    if (ms !== valueMs) onChange(ms);
  };
  return {
    unit,
    read(reading: DurationReading) {
      const bareNumber = 'bareNumber' in reading ? reading.bareNumber : null;
      setTyped(isUnitPicked ? null : bareNumber);
      if (reading.kind !== 'duration') return;
      setDuration(
        reading.durationMs,
        bareNumber === null ? durationUnitFor(reading.durationMs) : unit,
      );
    },
    pickUnit(next: DurationUnit) {
      setUnitPicked(true);
      setTyped(null);
      if (typed !== null) setDuration(durationFromValue(typed, next, isDev), next);
      else setDuration(rescaleDurationUnit(valueMs, next, isDev).durationMs, next);
    },
    slideTo(ms: number) {
      setTyped(null);
      setDuration(ms, durationUnitFor(ms));
    },
  };
}

interface UnitSelectProps {
  unit: DurationUnit;
  disabled: boolean;
  onPick: (unit: DurationUnit) => void;
}

function UnitSelect({ unit, disabled, onPick }: UnitSelectProps) {
  const { t } = useTranslation('editors');
  return (
    <TextField
      select
      label={t('task.unit')}
      name="time-unit"
      value={unit}
      disabled={disabled}
      onChange={(event) => {
        const next = UNITS.find((u) => u === event.target.value);
        if (next) onPick(next);
      }}
    >
      {UNITS.map((u) => (
        <MenuItem key={u} value={u}>
          {t(`task.units.${u}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface DurationSliderProps {
  valueMs: number;
  isDev: boolean;
  disabled: boolean;
  onSlide: (ms: number) => void;
}

function DurationSlider({ valueMs, isDev, disabled, onSlide }: DurationSliderProps) {
  const { t } = useTranslation('editors');
  const steps = durationSliderSteps(isDev);
  return (
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
          if (ms !== undefined) onSlide(ms);
        }}
      />
    </Box>
  );
}

/**
 * Time scheduled (spec 2 and 5): a number and its unit, and a slider over the spec's steps.
 * Every value is clamped to 5 minutes..72 hours by core. The box takes a duration as written
 * ("45m", "1h 30", "1:30"), shown afterwards in its own unit; or a person types a number and then
 * picks its unit: a number typed before any unit was picked is read in the unit picked next (45, then
 * Minutes, is 45 minutes, not 45 hours). Otherwise changing the unit converts the number and keeps
 * the duration (a stored 2 h shows as 120 min). The unit is the person's choice until the duration
 * is set from elsewhere (loading the task, the slider), which shows it in its own unit again.
 */
export function DurationField({
  valueMs,
  onChange,
  isDev,
  disabled = false,
  ref,
}: DurationFieldProps) {
  const duration = useDurationUnit(valueMs, onChange, isDev);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5 }}>
        <DurationTextField
          ref={ref}
          valueMs={valueMs}
          unit={duration.unit}
          isDev={isDev}
          disabled={disabled}
          onRead={duration.read}
        />
        <UnitSelect unit={duration.unit} disabled={disabled} onPick={duration.pickUnit} />
      </Box>
      <DurationSlider
        valueMs={valueMs}
        isDev={isDev}
        disabled={disabled}
        onSlide={duration.slideTo}
      />
    </Box>
  );
}
