import { MINUTE_MS } from '@planner/core';
import type { TFunction } from 'i18next';

/**
 * Tracked time in hours and minutes ("958 h 5 min"): days would hide how much a year holds.
 * Needs the editors namespace (its duration words).
 */
export function formatTracked(ms: number, t: TFunction): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(t('editors:duration.hours', { count: hours }));
  if (rest > 0 || hours === 0) parts.push(t('editors:duration.minutes', { count: rest }));
  return parts.join(' ');
}

export function formatPercent(part: number, whole: number, languageTag: string): string {
  const share = whole > 0 ? part / whole : 0;
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

/**
 * Tracked time in words for a screen reader ("11 hours 40 minutes"), in the reader's language:
 * the short units ("11 h 40 min") are read letter by letter, or not at all.
 */
export function formatTrackedInWords(ms: number, languageTag: string): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const inWords = (unit: 'hour' | 'minute', count: number) =>
    new Intl.NumberFormat(languageTag, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
  const parts: string[] = [];
  if (hours > 0) parts.push(inWords('hour', hours));
  if (rest > 0 || hours === 0) parts.push(inWords('minute', rest));
  return new Intl.ListFormat(languageTag, { type: 'unit', style: 'narrow' }).format(parts);
}
