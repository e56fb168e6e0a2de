/**
 * Interface languages and the automatic locale rule (accounts spec, sections 1 and 9).
 */

export const SUPPORTED_LOCALES = [
  'de',
  'en',
  'es',
  'fr',
  'it',
  'pt',
  'ru',
  'ja',
  'ko',
  'zh_cn',
] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
/** The locale option value that means "follow the browser or device language". */
export const AUTOMATIC_LOCALE_OPTION = 'local';

export type FirstDayOfWeek = 'MON' | 'SAT' | 'SUN';

export function isSupportedLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

function resolveOne(language: string): Locale | null {
  const tag = language.trim().toLowerCase().replace(/-/gu, '_');
  if (tag === '') return null;
  const primary = tag.split('_')[0] ?? '';
  // Every Chinese variant (zh, zh-TW, zh-Hant-HK) is served by the one Chinese translation.
  if (primary === 'zh') return 'zh_cn';
  return isSupportedLocale(primary) ? primary : null;
}

/**
 * The interface locale for a browser or native language tag ("pt-BR" is pt, any zh is zh_cn,
 * anything unsupported is en). Given the browser's ordered list (navigator.languages), the first
 * supported one wins.
 */
export function resolveLocale(language: string | readonly string[] | null | undefined): Locale {
  const candidates = typeof language === 'string' ? [language] : (language ?? []);
  for (const candidate of candidates) {
    const locale = resolveOne(candidate);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The locale to show for the user's `locale` option: a supported value is used as is;
 * 'local' (or anything else, such as an empty option) follows the device language.
 */
export function localeFromOption(
  option: string | null | undefined,
  deviceLanguage: string | readonly string[] | null | undefined,
): Locale {
  if (option && option !== AUTOMATIC_LOCALE_OPTION && isSupportedLocale(option)) return option;
  return resolveLocale(deviceLanguage);
}

/**
 * The first day of the week a new account gets. The spec fixes Monday for Chinese; for the
 * others this follows the usual convention of the language's main market (CLDR): Monday in
 * German, Spanish, French, Italian and Russian, Sunday in English, Portuguese (Brazil),
 * Japanese and Korean.
 */
export function firstDayOfWeekDefault(locale: Locale): FirstDayOfWeek {
  switch (locale) {
    case 'zh_cn':
    case 'de':
    case 'es':
    case 'fr':
    case 'it':
    case 'ru':
      return 'MON';
    case 'en':
    case 'pt':
    case 'ja':
    case 'ko':
      return 'SUN';
  }
}
