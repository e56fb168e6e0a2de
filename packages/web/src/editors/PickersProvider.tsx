import type { Locale as DateFnsLocale } from 'date-fns';
// Type only: the words themselves are loaded on demand below.
import type { enUS as PickersEntry } from '@mui/x-date-pickers/locales';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import {
  LocalizationProvider,
  type LocalizationProviderProps,
} from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, type Locale } from '../i18n/i18n';

type PickersLocaleText = NonNullable<LocalizationProviderProps<Date>['localeText']>;

interface PickersLocale {
  adapterLocale: DateFnsLocale;
  /** The pickers' own words (OK, Cancel, Clear, Today, the views' labels). */
  localeText: PickersLocaleText;
}

/** The pickers' words of one bundle entry (MUI ships them as theme component props). */
function textOf(entry: typeof PickersEntry): PickersLocaleText {
  return entry.components.MuiLocalizationProvider.defaultProps.localeText;
}

// Per language: date-fns for the formats, MUI X for the words; loaded when an editor first shows
// a picker. (The MUI X bundle is one module: only the ten locales named here end up in it.)
const PICKERS_LOCALES: Readonly<Record<Locale, () => Promise<PickersLocale>>> = {
  de: () =>
    Promise.all([import('date-fns/locale/de'), import('@mui/x-date-pickers/locales')]).then(
      ([{ de }, { deDE }]) => ({ adapterLocale: de, localeText: textOf(deDE) }),
    ),
  en: () =>
    Promise.all([import('date-fns/locale/en-US'), import('@mui/x-date-pickers/locales')]).then(
      ([{ enUS }, { enUS: text }]) => ({ adapterLocale: enUS, localeText: textOf(text) }),
    ),
  es: () =>
    Promise.all([import('date-fns/locale/es'), import('@mui/x-date-pickers/locales')]).then(
      ([{ es }, { esES }]) => ({ adapterLocale: es, localeText: textOf(esES) }),
    ),
  fr: () =>
    Promise.all([import('date-fns/locale/fr'), import('@mui/x-date-pickers/locales')]).then(
      ([{ fr }, { frFR }]) => ({ adapterLocale: fr, localeText: textOf(frFR) }),
    ),
  it: () =>
    Promise.all([import('date-fns/locale/it'), import('@mui/x-date-pickers/locales')]).then(
      ([{ it }, { itIT }]) => ({ adapterLocale: it, localeText: textOf(itIT) }),
    ),
  // The app's Portuguese is Brazilian (você).
  pt: () =>
    Promise.all([import('date-fns/locale/pt-BR'), import('@mui/x-date-pickers/locales')]).then(
      ([{ ptBR }, { ptBR: text }]) => ({ adapterLocale: ptBR, localeText: textOf(text) }),
    ),
  ru: () =>
    Promise.all([import('date-fns/locale/ru'), import('@mui/x-date-pickers/locales')]).then(
      ([{ ru }, { ruRU }]) => ({ adapterLocale: ru, localeText: textOf(ruRU) }),
    ),
  ja: () =>
    Promise.all([import('date-fns/locale/ja'), import('@mui/x-date-pickers/locales')]).then(
      ([{ ja }, { jaJP }]) => ({ adapterLocale: ja, localeText: textOf(jaJP) }),
    ),
  ko: () =>
    Promise.all([import('date-fns/locale/ko'), import('@mui/x-date-pickers/locales')]).then(
      ([{ ko }, { koKR }]) => ({ adapterLocale: ko, localeText: textOf(koKR) }),
    ),
  zh_cn: () =>
    Promise.all([import('date-fns/locale/zh-CN'), import('@mui/x-date-pickers/locales')]).then(
      ([{ zhCN }, { zhCN: text }]) => ({ adapterLocale: zhCN, localeText: textOf(text) }),
    ),
};

/** Loads a language's picker locale (exported for tests). */
export function loadPickersLocale(locale: Locale): Promise<PickersLocale> {
  return PICKERS_LOCALES[locale]();
}

/** MUI X pickers with date-fns and the pickers' own words in the reader's language. */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [loaded, setLoaded] = useState<{ locale: Locale; value: PickersLocale } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loadPickersLocale(locale).then((value) => {
      if (isCurrent) setLoaded({ locale, value });
    });
    return () => {
      isCurrent = false;
    };
  }, [locale]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} {...(loaded ? loaded.value : {})}>
      {children}
    </LocalizationProvider>
  );
}
