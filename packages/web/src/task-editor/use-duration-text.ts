import { durationFromValue, durationValueIn, HOUR_MS, type DurationUnit } from '@planner/core';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../editors/format';
import { durationWordsFrom, readDurationText, type DurationReading } from './duration-text';

export interface DurationTextOptions {
  valueMs: number;
  unit: DurationUnit;
  isDev: boolean;
  onRead: (reading: DurationReading) => void;
}

type Refusal = Exclude<DurationReading['kind'], 'duration'>;

function useRefusalText(refusal: Refusal | null): string | undefined {
  const { t } = useTranslation('editors');
  if (refusal === 'unreadable') {
    return t('invalid.durationUnreadable', { example: formatDuration(1.5 * HOUR_MS, t) });
  }
  if (refusal === 'notPositive') return t('invalid.durationNotPositive');
  return undefined;
}

/**
 * The duration box's text and when it is read: on leaving the box or Enter, never per key (see
 * DurationTextField). Arrow up and down step the number shown by one unit.
 */
export function useDurationText({ valueMs, unit, isDev, onRead }: DurationTextOptions) {
  const { t } = useTranslation('editors');
  const words = useMemo(() => durationWordsFrom(t), [t]);
  const shown = durationValueIn(valueMs, unit);
  const [text, setText] = useState(String(shown));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalText = useRefusalText(refusal);
  // A duration set from elsewhere (loading, the slider, a unit picked) replaces what was typed.
  useEffect(() => {
    setText(String(shown));
    setRefusal(null);
  }, [shown, unit]);

  /**
   * Reads the text, as leaving the box does; false when it is refused (the reason then shows).
   * A refused text stays, to be corrected (or given its unit), and the duration stays as it was:
   * the form's save asks this first, so a refused text is never saved as the last duration read.
   */
  function commit(): boolean {
    // Untouched, the rounded number shown (2 hours as 0.08 days) is not read back.
    if (text === String(shown)) return true;
    const reading = readDurationText(text, unit, words, isDev);
    setRefusal(reading.kind === 'duration' ? null : reading.kind);
    if (reading.kind === 'duration') setText(String(shown));
    // Synchronous, so the save that follows (Enter's, or Save's) sees the duration read.
    flushSync(() => onRead(reading));
    return reading.kind === 'duration';
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter') commit();
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const stepped = shown + (event.key === 'ArrowUp' ? 1 : -1);
    setRefusal(null);
    onRead({
      kind: 'duration',
      durationMs: durationFromValue(stepped, unit, isDev),
      bareNumber: stepped,
    });
  }

  return { text, setText, shown, refusal, refusalText, commit, onKeyDown };
}
