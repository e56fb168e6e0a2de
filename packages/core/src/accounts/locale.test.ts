import { describe, expect, it } from 'vitest';
import {
  firstDayOfWeekDefault,
  localeFromOption,
  resolveLocale,
  SUPPORTED_LOCALES,
} from './locale';

describe('resolveLocale', () => {
  it.each([
    ['en-US', 'en'],
    ['pt-BR', 'pt'],
    ['pt_PT', 'pt'],
    ['DE-at', 'de'],
    ['zh', 'zh_cn'],
    ['zh-TW', 'zh_cn'],
    ['zh-Hant-HK', 'zh_cn'],
    ['zh_cn', 'zh_cn'],
    ['ja', 'ja'],
    ['ko-KR', 'ko'],
    ['nl-NL', 'en'],
    ['', 'en'],
    ['local', 'en'],
  ])('maps %s to %s', (language, locale) => {
    expect(resolveLocale(language)).toBe(locale);
  });

  it('takes the first supported language of a browser list', () => {
    expect(resolveLocale(['nl-NL', 'fr-BE', 'en'])).toBe('fr');
    expect(resolveLocale([])).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
  });

  it('keeps every supported locale as it is', () => {
    for (const locale of SUPPORTED_LOCALES) expect(resolveLocale(locale)).toBe(locale);
  });
});

describe('localeFromOption', () => {
  it('uses a chosen locale, and follows the device for local', () => {
    expect(localeFromOption('ru', 'de-DE')).toBe('ru');
    expect(localeFromOption('local', 'de-DE')).toBe('de');
    expect(localeFromOption('', 'zh-TW')).toBe('zh_cn');
    expect(localeFromOption('xx', 'xx')).toBe('en');
  });
});

describe('firstDayOfWeekDefault', () => {
  it('starts the week on Monday in Chinese', () => {
    expect(firstDayOfWeekDefault('zh_cn')).toBe('MON');
  });

  it('gives every locale a day', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(['MON', 'SUN']).toContain(firstDayOfWeekDefault(locale));
    }
    expect(firstDayOfWeekDefault('en')).toBe('SUN');
    expect(firstDayOfWeekDefault('de')).toBe('MON');
  });
});
