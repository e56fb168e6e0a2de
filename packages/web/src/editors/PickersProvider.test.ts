import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { loadPickersLocale } from './PickersProvider';

describe('the pickers in ten languages', () => {
  it.each(SUPPORTED_LOCALES)('%s has its own button words and date formats', async (locale) => {
    const english = await loadPickersLocale('en');
    const loaded = await loadPickersLocale(locale);
    expect(loaded.localeText.cancelButtonLabel).toBeTruthy();
    expect(loaded.localeText.okButtonLabel).toBeTruthy();
    if (locale !== 'en') {
      expect(loaded.localeText.cancelButtonLabel).not.toBe(english.localeText.cancelButtonLabel);
      expect(loaded.adapterLocale.code).not.toBe(english.adapterLocale.code);
    }
  });

  it('German says Abbrechen, Brazilian Portuguese formats with pt-BR', async () => {
    expect((await loadPickersLocale('de')).localeText.cancelButtonLabel).toBe('Abbrechen');
    expect((await loadPickersLocale('pt')).adapterLocale.code).toBe('pt-BR');
  });
});
