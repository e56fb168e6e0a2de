import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { toasts } from '../components/toast-store';
import native_en from '../i18n/native/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { resetBridgeForTests } from '../bridge/bridge';
import type NativePurchaseType from './NativePurchase';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from './testing/fake-native';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

const SKU = {
  id: 'premium_one_month',
  name: 'Premium monthly',
  displayName: 'Premium, monthly',
  platform: 'android',
  platformProductId: 'premium_one_month',
  price: '$0.99',
};

let native: FakeNativeLayer;
let NativePurchase: typeof NativePurchaseType;

beforeAll(async () => {
  native = installFakeNative();
  resetBridgeForTests();
  ({ default: NativePurchase } = await import('./NativePurchase'));
});
afterAll(() => {
  uninstallFakeNative();
  resetBridgeForTests();
});

describe('a purchase in the shell', () => {
  it("keeps a failed purchase's message on the screen until it is closed", async () => {
    native.on('Device', 'getInfo', () => ({
      platform: 'android',
      osVersion: '14',
      model: 'Pixel',
    }));
    native.on('App', 'getInfo', () => ({ version: '1.3.143' }));
    native.on('PlannerNative', 'capabilities', () => ({ nativeVersion: '', appleCalendar: false }));
    native.fail('PlannerNative', 'purchase', 'The card was declined', 'FAILED');
    vi.mocked(call).mockImplementation(async (method) => {
      if (method === 'GetSubscriptionSkus')
        return { premiumSkus: [SKU], unlimitedSkus: [] } as never;
      if (method === 'CreateSubscription') return { subscriptionId: 's1' } as never;
      return {} as never;
    });
    const show = vi.spyOn(toasts, 'show');
    initTestI18n();
    i18next.addResourceBundle('en', 'native', native_en);
    renderWithProviders(<NativePurchase tier="premium" subscriptionsKey={['subscriptions']} />);
    const user = userEvent.setup();
    // The bridge loads Capacitor on first use: the plan's button comes once the device is known.
    const buy = await screen.findByRole('button', { name: /Premium, monthly/ }, { timeout: 5000 });
    await user.click(buy);
    const alert = await screen.findByTestId('purchase-failed');
    expect(alert).toHaveTextContent('The purchase did not go through: The card was declined');
    expect(show).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('purchase-failed')).toBeNull());
  });
});
