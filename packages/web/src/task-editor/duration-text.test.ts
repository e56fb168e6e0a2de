import {
  DURATION_UNIT_MS,
  durationParts,
  MINUTE_MS,
  SUPPORTED_LOCALES,
  TASK_DURATION_MAX_MS,
  TASK_DURATION_MIN_MS,
  type DurationUnit,
} from '@planner/core';
import fc from 'fast-check';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDuration } from '../editors/format';
import { durationWordsFrom, readDurationText, type DurationWords } from './duration-text';

const bundles = import.meta.glob<Record<string, unknown>>('../i18n/editors/*.json', {
  eager: true,
  import: 'default',
});

async function translatorFor(locale: string): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: locale,
    ns: ['editors'],
    defaultNS: 'editors',
    resources: { [locale]: { editors: bundles[`../i18n/editors/${locale}.json`] ?? {} } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const translators = new Map<string, TFunction>();
beforeAll(async () => {
  for (const locale of SUPPORTED_LOCALES) translators.set(locale, await translatorFor(locale));
});

function wordsOf(locale: string): DurationWords {
  const t = translators.get(locale);
  if (!t) throw new Error(`no strings for ${locale}`);
  return durationWordsFrom(t);
}

function minutesOf(text: string, shownUnit: DurationUnit = 'hour', locale = 'en'): number | string {
  const reading = readDurationText(text, shownUnit, wordsOf(locale), false);
  return reading.kind === 'duration' ? reading.durationMs / MINUTE_MS : reading.kind;
}

describe('readDurationText', () => {
  it.each([
    ['45m', 45],
    ['45 min', 45],
    ['45 Minutes', 45],
    ['1h 30', 90],
    ['1h30m', 90],
    ['1 h 30 min', 90],
    ['1:30', 90],
    ['0:45', 45],
    ['1.5h', 90],
    ['1,5 h', 90],
    ['2 hours', 120],
    ['1d 2', 26 * 60],
    ['3d', 72 * 60],
    ['  45m  ', 45],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(minutesOf(text)).toBe(minutes);
  });

  it('reads a bare number in the unit shown, and says it was bare', () => {
    expect(minutesOf('90', 'minute')).toBe(90);
    expect(minutesOf('1.5', 'hour')).toBe(90);
    expect(minutesOf('2', 'day')).toBe(48 * 60);
    expect(readDurationText('45', 'minute', wordsOf('en'), false)).toEqual({
      kind: 'duration',
      durationMs: 45 * MINUTE_MS,
      bareNumber: 45,
    });
    expect(readDurationText('45m', 'hour', wordsOf('en'), false)).toMatchObject({
      bareNumber: null,
    });
  });

  it('reads the unit words of each language', () => {
    expect(minutesOf('1 Std. 30 Min.', 'minute', 'de')).toBe(90);
    expect(minutesOf('1,5 Std', 'minute', 'de')).toBe(90);
    expect(minutesOf('2 Tage', 'minute', 'de')).toBe(48 * 60);
    expect(minutesOf('1 ч 30 мин', 'minute', 'ru')).toBe(90);
    expect(minutesOf('1時間30分', 'minute', 'ja')).toBe(90);
    expect(minutesOf('１時間', 'minute', 'ja')).toBe(60);
    expect(minutesOf('1시간 30분', 'minute', 'ko')).toBe(90);
    expect(minutesOf('1 小时 30 分钟', 'minute', 'zh_cn')).toBe(90);
    expect(minutesOf('2 j', 'minute', 'fr')).toBe(48 * 60);
  });

  it('raises a positive duration below the minimum to it, in whole minutes', () => {
    expect(minutesOf('1m')).toBe(TASK_DURATION_MIN_MS / MINUTE_MS);
    expect(minutesOf('0.33', 'hour')).toBe(20);
    expect(readDurationText('20s', 'minute', wordsOf('en'), true)).toMatchObject({
      durationMs: 30_000,
    });
  });

  it('refuses zero or less, and clamps more than the maximum task duration to it', () => {
    expect(minutesOf('0')).toBe('notPositive');
    expect(minutesOf('0h 0m')).toBe('notPositive');
    expect(minutesOf('-5m')).toBe('notPositive');
    expect(minutesOf('72h 1m')).toBe(72 * 60);
    expect(minutesOf('4d')).toBe(72 * 60);
    expect(minutesOf('99999999999999999999999')).toBe(72 * 60);
    // A bare number is remembered as typed, for the unit picked next.
    expect(readDurationText('90', 'hour', wordsOf('en'), false)).toEqual({
      kind: 'duration',
      durationMs: 72 * 60 * MINUTE_MS,
      bareNumber: 90,
    });
  });

  it.each([
    '',
    'abc',
    '1 week',
    '30m 1h',
    '1h 1h',
    '1 30',
    '1h 30m 10s 5',
    '1:75',
    'h',
    '1e5',
    '1h!',
    'x'.repeat(41),
  ])('refuses %j as unreadable', (text) => {
    expect(minutesOf(text)).toBe('unreadable');
  });

  it.each(SUPPORTED_LOCALES)('reads back what the duration display writes in %s', (locale) => {
    const t = translators.get(locale);
    if (!t) throw new Error(`no strings for ${locale}`);
    const words = wordsOf(locale);
    const minMinutes = TASK_DURATION_MIN_MS / MINUTE_MS;
    const maxMinutes = TASK_DURATION_MAX_MS / MINUTE_MS;
    fc.assert(
      fc.property(
        fc.integer({ min: minMinutes, max: maxMinutes }),
        fc.constantFrom<DurationUnit>('minute', 'hour', 'day'),
        (minutes, shownUnit) => {
          const durationMs = minutes * MINUTE_MS;
          // The display shows the largest two units; the minutes it shows are what reads back.
          const shownMs = durationParts(durationMs).reduce(
            (sum, part) => sum + part.value * DURATION_UNIT_MS[part.unit],
            0,
          );
          const reading = readDurationText(formatDuration(durationMs, t), shownUnit, words, false);
          expect(reading).toEqual({
            kind: 'duration',
            durationMs: shownMs,
            bareNumber: null,
          });
        },
      ),
    );
  });
});
