import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';

interface AppStrings {
  nav: { premium: string };
  account: { plan: Record<'1' | '2', string> };
}
interface PremiumStrings {
  tiers: { premium: string; unlimited: string };
}

const appStrings = import.meta.glob<AppStrings>('../i18n/locales/*.json', {
  eager: true,
  import: 'default',
});
const premiumStrings = import.meta.glob<PremiumStrings>('../i18n/premium/*.json', {
  eager: true,
  import: 'default',
});

function stringsOf(locale: string) {
  const app = appStrings[`../i18n/locales/${locale}.json`];
  const premium = premiumStrings[`../i18n/premium/${locale}.json`];
  if (!app || !premium) throw new Error(`strings for ${locale} are missing`);
  return { app, premium };
}

describe('the Premium tier has one name per language', () => {
  it.each(SUPPORTED_LOCALES)(
    '%s: the drawer entry and the app bar (nav.premium) and the account plan say what the page says',
    (locale) => {
      const { app, premium } = stringsOf(locale);
      expect(app.nav.premium).toBe(premium.tiers.premium);
      expect(app.account.plan['1']).toBe(premium.tiers.premium);
    },
  );

  it('is translated in Russian, as the Premium page always had it', () => {
    const { app } = stringsOf('ru');
    expect(app.nav.premium).toBe('Премиум');
    expect(app.account.plan['2']).toBe('Безлимитный');
  });
});
