import { RpcError } from '@planner/protocol';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import referral from '../i18n/referral/en.json';
import translation from '../i18n/locales/en.json';
import { REFERRAL_NS, referralErrorText } from './referral-text';

async function englishI18n() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation, [REFERRAL_NS]: referral } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('referralErrorText', () => {
  it("explains a referral circle: the friend joined with the reader's own code", async () => {
    const i18n = await englishI18n();
    const t = i18n.getFixedT('en', REFERRAL_NS);
    const error = new RpcError(409, 'invalid.referralCycle', 'AddReferral');
    expect(referralErrorText(error, t, i18n)).toBe(
      'This friend joined with your code: you cannot enter theirs.',
    );
  });

  it("falls back to the app's own texts for a key the page does not have", async () => {
    const i18n = await englishI18n();
    const t = i18n.getFixedT('en', REFERRAL_NS);
    const error = new RpcError(429, '', 'AddReferral');
    expect(referralErrorText(error, t, i18n)).toBe(i18n.t('messages.tooManyAttempts'));
  });
});
