import { useTranslation } from 'react-i18next';

/** The sources the server stores synced events under (calendar-sync on the server). */
const KNOWN_SOURCES = ['google', 'caldav', 'apple'] as const;
type KnownSource = (typeof KNOWN_SOURCES)[number];

const isKnown = (source: string): source is KnownSource =>
  (KNOWN_SOURCES as readonly string[]).includes(source);

/**
 * Names a synced event's `source` for people: google → "Google Calendar" and so on, in the
 * `synced` namespace; a source the app does not know is shown as the server wrote it.
 */
export function useSourceName(): (source: string) => string {
  const { t } = useTranslation('synced');
  return (source) => (isKnown(source) ? t(`source.${source}`) : source);
}

/** "From Google Calendar": the line a synced event's card and label carry. */
export function useSyncedFrom(): (source: string) => string {
  const { t } = useTranslation('synced');
  const name = useSourceName();
  return (source) => (source ? t('from', { source: name(source) }) : '');
}
