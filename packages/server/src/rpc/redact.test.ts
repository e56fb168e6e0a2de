import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('hides passwords and tokens at any depth, keeping the rest', () => {
    const input = {
      email: 'a@b.co',
      password: 'x',
      options: { locale: 'fr' },
      steps: [{ authToken: 't' }, { appStoreReceipt: 'r', googlePlayPurchaseToken: 'g' }],
    };
    expect(redactSecrets(input)).toEqual({
      email: 'a@b.co',
      password: '[redacted]',
      options: { locale: 'fr' },
      steps: [
        { authToken: '[redacted]' },
        { appStoreReceipt: '[redacted]', googlePlayPurchaseToken: '[redacted]' },
      ],
    });
  });
});
