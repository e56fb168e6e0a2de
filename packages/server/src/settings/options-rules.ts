/**
 * What a client may write into the user's options, and how each field is checked
 * (docs/settings.md). Every refusal is a 400 whose message names the field.
 */
import {
  AUTOMATIC_LOCALE_OPTION,
  DAY_MS,
  HOUR_MS,
  isSupportedLocale,
  isValidTimeZone,
  MINUTE_MS,
} from '@planner/core';
import { invalid } from '../rpc/errors';
import type { StoredUserOptions } from '../accounts/account';
import { USER_OPTIONS_VERSION } from '../accounts/accounts-presenter';

type OptionName = keyof StoredUserOptions;

/** Offsets a task notification may come early by: 0, 5, 10, 15 or 20 minutes. */
const TASK_NOTIFICATION_OFFSETS = [0, 5, 10, 15, 20].map((m) => m * MINUTE_MS);
const FIRST_DAYS_OF_WEEK = ['MON', 'SAT', 'SUN'] as const;
const TIME_FORMATS = ['12-hour clock', '24-hour clock', 'local'] as const;
/** The options a change of re-plans the timeline: where the days are and when rest is. */
export const PLANNING_OPTIONS: readonly OptionName[] = [
  'timezone',
  'autoIdleEnabled',
  'autoIdleStart',
  'autoIdleEnd',
  'dailyTaskCap',
  'taskBuffer',
  'minBlock',
  'maxBlock',
];
/** Counters the apps keep (rating prompt, analysis paging): small whole numbers. */
const COUNTER_LIMIT = 1_000_000;
const TUTORIAL_STATUS_CHARS = 10_000;

/** An IANA name such as Europe/Berlin or UTC; not an offset ("+01:00") the runtime also takes. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

function isIanaZone(zone: string): boolean {
  return IANA_NAME.test(zone) && isValidTimeZone(zone);
}

const refuse = (field: OptionName, detail: string): never => {
  throw invalid(`field "options.${field}": ${detail}`);
};

type Check = (value: never) => boolean;
const oneOf =
  <T>(values: readonly T[]): Check =>
  (value: T) =>
    values.includes(value);
const isTimeOfDay = (value: number) => Number.isInteger(value) && value >= 0 && value < DAY_MS;
const isCounter = (value: number) => Number.isInteger(value) && Math.abs(value) <= COUNTER_LIMIT;
/** Empty, or JSON of an object (what FinishTutorial keeps there). */
function isStatusJson(value: string): boolean {
  if (value === '') return true;
  if (value.length > TUTORIAL_STATUS_CHARS) return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
const isBoolean = () => true;
/** 0 (no limit) or whole minutes from `least` to `most`. */
const minutesOrOff =
  (least: number, most: number): Check =>
  (value: number) =>
    value === 0 ||
    (Number.isInteger(value) && value % MINUTE_MS === 0 && value >= least && value <= most);

/** Each writable option with its check and the words a refusal explains it with. */
const RULES: { readonly [K in OptionName]?: readonly [Check, string] } = {
  firstDayOfWeek: [oneOf(FIRST_DAYS_OF_WEEK), 'one of MON, SAT, SUN'],
  tutorialDismissed: [isBoolean, ''],
  timezone: [isIanaZone, 'an IANA time zone name such as Europe/Berlin'],
  emailNotificationsEnabled: [isBoolean, ''],
  autoIdleEnabled: [isBoolean, ''],
  autoIdleStart: [isTimeOfDay, 'a time of day, 0 to 86399999 ms'],
  autoIdleEnd: [isTimeOfDay, 'a time of day, 0 to 86399999 ms'],
  quickControlBarEnabled: [isBoolean, ''],
  tutorialStatus: [isStatusJson, 'a JSON object as text, or empty'],
  taskNotificationEnabled: [isBoolean, ''],
  taskNotificationOffset: [oneOf(TASK_NOTIFICATION_OFFSETS), '0, 5, 10, 15 or 20 minutes in ms'],
  locale: [
    (value: string) => value === AUTOMATIC_LOCALE_OPTION || isSupportedLocale(value),
    'local or one of de, en, es, fr, it, pt, ru, ja, ko, zh_cn',
  ],
  timeFormat: [oneOf(TIME_FORMATS), "'12-hour clock', '24-hour clock' or 'local'"],
  ratingStatus: [isCounter, 'a whole number'],
  analysisWindowOffset: [isCounter, 'a whole number'],
  fingerprintLock: [isBoolean, ''],
  reviewShowed: [isBoolean, ''],
  dailyTaskCap: [minutesOrOff(15 * MINUTE_MS, DAY_MS), '0, or whole minutes from 15 min to 24 h'],
  taskBuffer: [minutesOrOff(MINUTE_MS, 2 * HOUR_MS), '0, or whole minutes up to 2 h'],
  minBlock: [minutesOrOff(MINUTE_MS, 4 * HOUR_MS), '0, or whole minutes up to 4 h'],
  maxBlock: [minutesOrOff(15 * MINUTE_MS, DAY_MS), '0, or whole minutes from 15 min to 24 h'],
};

/** Names the apps send that are not written: the version is checked, the zone's info derived. */
const IGNORED: readonly string[] = ['version', 'timeZoneInfo'];

function isWritable(name: string): name is OptionName {
  return Object.hasOwn(RULES, name);
}

/** The options an update changes: the names in `fields`, or every writable one when empty. */
export function parseOptionFields(fields: readonly string[]): OptionName[] {
  if (fields.length === 0) return Object.keys(RULES) as OptionName[];
  const names = new Set<OptionName>();
  for (const name of fields) {
    if (isWritable(name)) names.add(name);
    else if (!IGNORED.includes(name)) throw invalid(`field "fields": unknown option "${name}"`);
  }
  return [...names];
}

/**
 * The stored options with `fields` taken from `sent`, each checked; the sent `version` must be
 * the current format's.
 */
export function applyOptions(
  stored: StoredUserOptions,
  sent: StoredUserOptions,
  fields: readonly OptionName[],
): StoredUserOptions {
  if (sent.version !== USER_OPTIONS_VERSION) refuse('version', `must be ${USER_OPTIONS_VERSION}`);
  const next = { ...stored };
  for (const field of fields) {
    const rule = RULES[field];
    if (!rule || !rule[0](sent[field] as never)) refuse(field, rule?.[1] ?? 'not writable');
    copyOption(next, sent, field);
  }
  if (next.maxBlock !== 0 && next.maxBlock < next.minBlock) {
    refuse('maxBlock', 'at least minBlock, or 0 for no limit');
  }
  return next;
}

function copyOption<K extends OptionName>(
  target: StoredUserOptions,
  source: StoredUserOptions,
  key: K,
): void {
  target[key] = source[key];
}
