import { usePlannerPrefs } from '../editors/prefs';

/**
 * An instant (ms) as a short date and time in the app's language, in the account's time zone and
 * clock (12 or 24 hours), as the agenda writes times.
 */
export function useFormatInstant(): (ms: number) => string {
  const prefs = usePlannerPrefs();
  const format = new Intl.DateTimeFormat(prefs.languageTag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: prefs.timeZone,
    hour12: prefs.hour12,
  });
  return (ms) => format.format(new Date(ms));
}
