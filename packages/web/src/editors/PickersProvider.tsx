import type { Locale as DateFnsLocale } from 'date-fns';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, type Locale } from '../i18n/i18n';

type LocaleModule = Promise<{ default: DateFnsLocale }>;

// One date-fns locale per language, loaded when an editor first shows a picker.
const DATE_FNS_LOCALES: Readonly<Record<Locale, () => LocaleModule>> = {
  de: () => import('date-fns/locale/de').then((m) => ({ default: m.de })),
  en: () => import('date-fns/locale/en-US').then((m) => ({ default: m.enUS })),
  es: () => import('date-fns/locale/es').then((m) => ({ default: m.es })),
  fr: () => import('date-fns/locale/fr').then((m) => ({ default: m.fr })),
  it: () => import('date-fns/locale/it').then((m) => ({ default: m.it })),
  pt: () => import('date-fns/locale/pt').then((m) => ({ default: m.pt })),
  ru: () => import('date-fns/locale/ru').then((m) => ({ default: m.ru })),
  ja: () => import('date-fns/locale/ja').then((m) => ({ default: m.ja })),
  ko: () => import('date-fns/locale/ko').then((m) => ({ default: m.ko })),
  zh_cn: () => import('date-fns/locale/zh-CN').then((m) => ({ default: m.zhCN })),
};

/** MUI X pickers with date-fns in the reader's language. */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [loaded, setLoaded] = useState<{ locale: Locale; value: DateFnsLocale } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void DATE_FNS_LOCALES[locale]().then((module) => {
      if (isCurrent) setLoaded({ locale, value: module.default });
    });
    return () => {
      isCurrent = false;
    };
  }, [locale]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      {...(loaded ? { adapterLocale: loaded.value } : {})}
    >
      {children}
    </LocalizationProvider>
  );
}
