import { isValidTimeZone } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { languageTag, localeOf } from '../i18n/i18n';

/** How the editors show instants: the person's zone, clock and language. */
export interface PlannerPrefs {
  timeZone: string;
  /** true: 12-hour clock, false: 24-hour clock, undefined: the language's usual clock. */
  hour12: boolean | undefined;
  /** BCP 47 tag for Intl formatting. */
  languageTag: string;
  premiumLevel: number;
  /** The dev build allows 30-second tasks (spec 5). */
  isDev: boolean;
}

export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The account's zone when valid, else this device's. */
export function preferredTimeZone(option: string | undefined): string {
  return option && isValidTimeZone(option) ? option : deviceTimeZone();
}

/** UserOptions.timeFormat: '12-hour clock', '24-hour clock' or 'local' (the language decides). */
export function hour12FromTimeFormat(timeFormat: string | undefined): boolean | undefined {
  if (timeFormat === '12-hour clock') return true;
  if (timeFormat === '24-hour clock') return false;
  return undefined;
}

/** Whether the language's usual clock is 12-hour (for pickers that need a yes or no). */
export function usesTwelveHourClock(prefs: Pick<PlannerPrefs, 'hour12' | 'languageTag'>): boolean {
  if (prefs.hour12 !== undefined) return prefs.hour12;
  const cycle = new Intl.DateTimeFormat(prefs.languageTag, { hour: 'numeric' }).resolvedOptions()
    .hourCycle;
  return cycle === 'h11' || cycle === 'h12';
}

export function usePlannerPrefs(): PlannerPrefs {
  const { i18n } = useTranslation();
  const profile = useProfile().data;
  const options = profile?.options ?? profile?.user?.options;
  return {
    timeZone: preferredTimeZone(options?.timezone),
    hour12: hour12FromTimeFormat(options?.timeFormat),
    languageTag: languageTag(localeOf(i18n.language)),
    premiumLevel: profile?.user?.premiumLevel ?? 0,
    isDev: import.meta.env.DEV,
  };
}
