import { useTranslation } from 'react-i18next';

/** The sources the server stores synced events under (calendar-sync on the server). */
const KNOWN_SOURCES = ['google', 'caldav', 'apple'] as const;
type KnownSource = (typeof KNOWN_SOURCES)[number];

const isKnown = (source: string): source is KnownSource =>
  (KNOWN_SOURCES as readonly string[]).includes(source);

/**
 * Names a synced event's `source` for people: google → "Google Calendar" and so on, in the
 * app's own strings (always loaded, so no block waits for them); a source the app does not know
 * is shown as the server wrote it.
 */
export function useSourceName(): (source: string) => string {
  const { t } = useTranslation();
  return (source) => (isKnown(source) ? t(`synced.source.${source}`) : source);
}

/** "From Google Calendar": the line a synced event's card and label carry. */
export function useSyncedFrom(): (source: string) => string {
  const { t } = useTranslation();
  const name = useSourceName();
  return (source) => (source ? t('synced.from', { source: name(source) }) : '');
}
