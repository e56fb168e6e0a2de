import { useTranslation } from 'react-i18next';
import { languageTag, localeOf } from '../i18n/i18n';

/** An instant (ms) as a short date and time in the app's language. */
export function useFormatInstant(): (ms: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(languageTag(localeOf(i18n.language)), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (ms) => format.format(new Date(ms));
}
