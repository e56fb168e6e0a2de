import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import settings_en from '../i18n/settings/en.json';
import type { NotificationSettings as NotificationSettingsType } from '../settings/MoreSettings';
import type { Options } from '../settings/options-api';
import { initTestI18n, renderWithProviders } from '../test/render';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from './testing/fake-native';

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

describe('the Android quick control bar', () => {
  it('offers no switch for a bar the shell does not show', async () => {
    native.on('Device', 'getInfo', () => ({
      platform: 'android',
      osVersion: '14',
      model: 'Pixel',
    }));
    native.on('App', 'getInfo', () => ({ version: '1.3.143' }));
    native.on('PlannerNative', 'capabilities', () => ({ nativeVersion: '', appleCalendar: false }));
    initTestI18n();
    i18next.addResourceBundle('en', 'settings', settings_en);
    renderWithProviders(<NotificationSettings options={options} change={vi.fn()} />);
    expect(await screen.findByRole('switch', { name: 'Task notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Quick control bar' })).toBeNull();
  });
});
