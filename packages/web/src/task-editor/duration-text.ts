import {
  clampTaskDuration,
  DURATION_UNIT_MS,
  MINUTE_MS,
  type DurationDisplayUnit,
  type DurationUnit,
} from '@planner/core';

/** The words a person may type after a number, per unit, lower case ("h", "std", "時間"). */
export type DurationWords = Readonly<Record<DurationDisplayUnit, readonly string[]>>;

/**
 * What a typed duration reads as: a duration (whole minutes from one minute up, raised to the
 * minimum), with `bareNumber` set when only a number was typed (it counts the unit shown); or why
 * it was refused (a bare number too long in the unit shown may still be meant for a smaller one).
 */
export type DurationReading =
  | { kind: 'duration'; durationMs: number; bareNumber: number | null }
  | { kind: 'unreadable' | 'notPositive' };

/** Longer text is refused unread: no duration needs it. */
export const DURATION_TEXT_MAX_LENGTH = 40;

const UNITS_LARGEST_FIRST: readonly DurationDisplayUnit[] = ['day', 'hour', 'minute', 'second'];

// A number (decimal point or comma), a run of letters (any script), or one other character.
const TOKEN = /(-?\d+(?:[.,]\d+)?|-?[.,]\d+)|(\p{L}+)|(\S)/gu;
const HOURS_MINUTES = /^(\d+):([0-5]\d)$/u;

type Token = { kind: 'number'; value: number } | { kind: 'word'; word: string };

/** Full-width digits become ASCII (NFKC), case is ignored, and "Std." reads as "Std". */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})\./gu, '$1')
    .trim();
}

function tokenise(text: string): Token[] | null {
  const tokens: Token[] = [];
  for (const [, number, word] of text.matchAll(TOKEN)) {
    if (number !== undefined)
      tokens.push({ kind: 'number', value: Number(number.replace(',', '.')) });
    else if (word !== undefined) tokens.push({ kind: 'word', word });
    else return null;
  }
  return tokens;
}

function unitOfWord(word: string, words: DurationWords): DurationDisplayUnit | undefined {
  return UNITS_LARGEST_FIRST.find((unit) => words[unit].includes(word));
}

/**
 * Numbers each followed by a unit word, largest unit first ("1 h 30 min", "1h30m"); the last
 * number may go without one and then counts the next smaller unit ("1h 30" is 90 minutes), or,
 * when it is the only number, the unit shown. Returns milliseconds, or null when it does not read.
 */
function sumOfParts(
  tokens: readonly Token[],
  shownUnit: DurationUnit,
  words: DurationWords,
): { totalMs: number; bareNumber: number | null } | null {
  let totalMs = 0;
  let previous: DurationDisplayUnit | null = null;
  for (let i = 0; i < tokens.length; i += 2) {
    const number = tokens[i];
    const next = tokens[i + 1];
    if (number?.kind !== 'number') return null;
    let unit: DurationDisplayUnit | undefined;
    if (next?.kind === 'word') unit = unitOfWord(next.word, words);
    else if (next !== undefined) return null;
    else if (previous === null)
      return { totalMs: number.value * DURATION_UNIT_MS[shownUnit], bareNumber: number.value };
    else unit = UNITS_LARGEST_FIRST[UNITS_LARGEST_FIRST.indexOf(previous) + 1];
    if (unit === undefined) return null;
    if (
      previous !== null &&
      UNITS_LARGEST_FIRST.indexOf(unit) <= UNITS_LARGEST_FIRST.indexOf(previous)
    ) {
      return null;
    }
    totalMs += number.value * DURATION_UNIT_MS[unit];
    previous = unit;
  }
  return previous === null ? null : { totalMs, bareNumber: null };
}

/**
 * Reads a task duration as a person types it: "45m", "45 min", "1h 30", "1h30m", "1:30", "1.5h",
 * "1,5 Std." or "90" (in the unit shown), with the unit words of the person's language. Refuses
 * zero or less; a duration below the minimum or above the maximum (72 hours) is clamped to it, as
 * the spec clamps task durations (a bare number is still remembered for the unit picked next). From one minute up it is whole minutes.
 */
export function readDurationText(
  text: string,
  shownUnit: DurationUnit,
  words: DurationWords,
  isDev: boolean,
): DurationReading {
  if (text.length > DURATION_TEXT_MAX_LENGTH) return { kind: 'unreadable' };
  const normalised = normalise(text);
  const clock = HOURS_MINUTES.exec(normalised);
  const tokens = clock ? null : tokenise(normalised);
  const read = clock
    ? {
        totalMs: Number(clock[1]) * DURATION_UNIT_MS.hour + Number(clock[2]) * MINUTE_MS,
        bareNumber: null,
      }
    : tokens && sumOfParts(tokens, shownUnit, words);
  if (!read || !Number.isFinite(read.totalMs)) return { kind: 'unreadable' };
  if (!(read.totalMs > 0)) return { kind: 'notPositive' };
  const wholeMs =
    read.totalMs >= MINUTE_MS ? Math.round(read.totalMs / MINUTE_MS) * MINUTE_MS : read.totalMs;
  return {
    kind: 'duration',
    durationMs: clampTaskDuration(wholeMs, isDev),
    bareNumber: read.bareNumber,
  };
}

const DISPLAY_KEYS: Readonly<Record<DurationDisplayUnit, string>> = {
  second: 'duration.seconds',
  minute: 'duration.minutes',
  hour: 'duration.hours',
  day: 'duration.days',
};

/**
 * The unit words of a language: the `task.durationWords` list (space separated) plus the word
 * the duration display writes ("{{count}} Std." gives "std"), so what is shown reads back.
 */
export function durationWordsFrom(
  translate: (key: string, options?: { count: number }) => string,
): DurationWords {
  const wordsOf = (unit: DurationDisplayUnit) => {
    const shown = normalise(translate(DISPLAY_KEYS[unit], { count: 1 }).replace('1', ''));
    const listed = normalise(translate(`task.durationWords.${unit}`)).split(/\s+/u);
    return [...new Set([shown, ...listed].filter((word) => word !== ''))];
  };
  return {
    second: wordsOf('second'),
    minute: wordsOf('minute'),
    hour: wordsOf('hour'),
    day: wordsOf('day'),
  };
}
