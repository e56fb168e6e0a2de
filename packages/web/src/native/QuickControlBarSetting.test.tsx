import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Options } from '../settings/options-api';
import { renderWithProviders } from '../test/render';
import type { NotificationSettings as NotificationSettingsType } from '../settings/MoreSettings';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from './testing/fake-native';
import i18next from 'i18next';
import native_en from '../i18n/native/en.json';
import settings_en from '../i18n/settings/en.json';

let native: FakeNativeLayer;
let NotificationSettings: typeof NotificationSettingsType;

beforeAll(async () => {
  native = installFakeNative();
  ({ NotificationSettings } = await import('../settings/MoreSettings'));
});
afterAll(() => uninstallFakeNative());

const options = {
  quickControlBarEnabled: false,
  taskNotificationEnabled: false,
  taskNotificationOffset: 0,
} as Options;

describe('the quick control bar setting', () => {
  it('shows in the Android shell and changes quickControlBarEnabled', async () => {
    native.on('Device', 'getInfo', () => ({
      platform: 'android',
      osVersion: '14',
      model: 'Pixel',
    }));
    native.on('App', 'getInfo', () => ({ version: '1.3.143' }));
    native.on('PlannerNative', 'capabilities', () => ({ nativeVersion: '', appleCalendar: false }));
    const change = vi.fn();
    renderWithProviders(<NotificationSettings options={options} change={change} />);
    i18next.addResourceBundle('en', 'native', native_en);
    i18next.addResourceBundle('en', 'settings', settings_en);
    const toggle = await screen.findByRole('switch', { name: 'Quick control bar' });
    fireEvent.click(toggle);
    expect(change).toHaveBeenCalledWith({ quickControlBarEnabled: true });
  });
});
