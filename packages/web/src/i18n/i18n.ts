import {
  AUTOMATIC_LOCALE_OPTION,
  isSupportedLocale,
  localeFromOption,
  SUPPORTED_LOCALES,
  type Locale,
} from '@planner/core';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, writeItem } from '../storage/local-storage';

// Every folder here is a namespace, one JSON file per locale, loaded on first use: `locales`
// holds the app's strings (the default namespace, `translation`), the others are named after
// their folder (`legal`, `editors`, ...) so a screen's strings arrive with the screen. The dev
// server and the tests find them by this list. A build leaves it out (some 260 loaders, 2 KB of
// every first load) and loads each file's chunk by the name build/locale-chunk-names.ts gives it.
const bundleLoaders = import.meta.env.PROD
  ? {}
  : import.meta.glob<{ default: ResourceKey }>('./*/*.json');

/** The folder under src/i18n/ that holds a namespace. */
export function folderOfNamespace(namespace: string): string {
  return namespace === 'translation' ? 'locales' : namespace;
}

type Loader = () => Promise<{ default: ResourceKey }>;

function loaderFor(language: string, namespace: string): Loader | undefined {
  const folder = folderOfNamespace(namespace);
  if (!import.meta.env.PROD) return bundleLoaders[`./${folder}/${language}.json`];
  // Beside the entry, in assets/.
  const chunk = `./${String(import.meta.env.PLANNER_STRINGS)}/${folder}/${language}.js`;
  return () => import(/* @vite-ignore */ chunk);
}

// Each locale is its own chunk: a person downloads only the language they read.
const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`No ${namespace} strings for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

export type LocaleOption = Locale | typeof AUTOMATIC_LOCALE_OPTION;

const LOCALE_KEY = 'locale';

function deviceLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

/** The person's language choice on this device: one of the ten, or automatic. */
export function readLocaleOption(): LocaleOption {
  const stored = readItem(LOCALE_KEY);
  return stored !== null && isSupportedLocale(stored) ? stored : AUTOMATIC_LOCALE_OPTION;
}

export function localeForOption(option: LocaleOption): Locale {
  return localeFromOption(option, deviceLanguages());
}

/** The locale i18next is showing, narrowed to the ten (i18next types it as any string). */
export function localeOf(language: string): Locale {
  return isSupportedLocale(language) ? language : 'en';
}

/** BCP 47 tag for the html lang attribute and Intl formatting. */
export function languageTag(locale: Locale): string {
  return locale === 'zh_cn' ? 'zh-CN' : locale;
}

function reflectInDocument(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(locale);
}

export async function initI18n(): Promise<typeof i18next> {
  const locale = localeForOption(readLocaleOption());
  reflectInDocument(locale);
  i18next.on('languageChanged', (language) => {
    if (isSupportedLocale(language)) reflectInDocument(language);
  });
  await i18next
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

export async function chooseLocale(option: LocaleOption): Promise<void> {
  writeItem(LOCALE_KEY, option);
  await i18next.changeLanguage(localeForOption(option));
}

export { AUTOMATIC_LOCALE_OPTION, SUPPORTED_LOCALES };
export type { Locale };
