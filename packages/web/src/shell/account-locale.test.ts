import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLocaleOption } from '../i18n/i18n';
import { initTestI18n } from '../test/render';
import { adoptAccountLocale, localeToAdopt } from './account-locale';

describe('account locale', () => {
  beforeEach(async () => {
    initTestI18n();
    await i18next.changeLanguage('en');
  });

  it('adopts one of the ten or automatic when it differs from the device', () => {
    expect(localeToAdopt('de', 'local')).toBe('de');
    expect(localeToAdopt('zh_cn', 'en')).toBe('zh_cn');
    expect(localeToAdopt('local', 'fr')).toBe('local');
  });

  it('changes nothing for the same choice or an unknown value', () => {
    expect(localeToAdopt('de', 'de')).toBeNull();
    expect(localeToAdopt('local', 'local')).toBeNull();
    expect(localeToAdopt('klingon', 'en')).toBeNull();
    expect(localeToAdopt('', 'en')).toBeNull();
  });

  it('switches the language and stores it as this device choice', async () => {
    await adoptAccountLocale('ja');
    expect(readLocaleOption()).toBe('ja');
    expect(i18next.language).toBe('ja');
  });

  it('an automatic account follows the device language', async () => {
    // jsdom's navigator.languages is en-US.
    await adoptAccountLocale('ja');
    await adoptAccountLocale('local');
    expect(readLocaleOption()).toBe('local');
    expect(i18next.language).toBe('en');
  });
});
