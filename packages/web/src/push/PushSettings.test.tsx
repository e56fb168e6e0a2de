import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import push from '../i18n/push/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { readPushToken, savePushToken } from './push-state';
import { PushSettings } from './PushSettings';
import { installFakePush, removeFakePush, SERVER_KEY } from './testing/fake-browser-push';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

function render() {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'push')) i18next.addResourceBundle('en', 'push', push);
  renderWithProviders(<PushSettings />, { route: '/settings' });
}

const row = () => screen.getByRole('region', { name: 'Notifications on this device' });

beforeEach(() => {
  callMock.mockReset();
  callMock.mockImplementation(async (method) => {
    if (method === 'GetPushConfig') return { vapidPublicKey: SERVER_KEY } as never;
    return {} as never;
  });
});
afterEach(removeFakePush);

describe('PushSettings', () => {
  it('says when the browser cannot do web push, with no button', () => {
    render();
    expect(row()).toHaveTextContent('Not supported');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says blocked when the site is denied', () => {
    installFakePush('denied');
    render();
    expect(row()).toHaveTextContent('Blocked');
    expect(row()).toHaveTextContent("Allow them in the browser's site settings");
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('asks permission, subscribes with the server key and registers the subscription', async () => {
    const browser = installFakePush('default');
    render();
    expect(row()).toHaveTextContent('Off');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(row()).toHaveTextContent('On'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(options.applicationServerKey[0]).toBe(4);
    const token = JSON.stringify({
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'c2VjcmV0' },
    });
    expect(callMock).toHaveBeenCalledWith(
      'RegisterDevice',
      { fcmDeviceToken: token, deviceType: 'web', appVersion: '1.3.143' },
      { showLoading: false },
    );
    expect(readPushToken()).toBe(token);
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled();
  });

  it('explains a dismissed prompt (permission default) and a denied one', async () => {
    const browser = installFakePush('default');
    browser.answer = 'default';
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications were not allowed. Press Turn on again and choose Allow.',
    );
    browser.answer = 'denied';
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Notifications are blocked.'),
    );
    expect(row()).toHaveTextContent('Blocked');
    expect(callMock).not.toHaveBeenCalledWith(
      'RegisterDevice',
      expect.anything(),
      expect.anything(),
    );
  });

  it('names a refused server key as an incorrect sender id, without retrying', async () => {
    const browser = installFakePush('granted');
    browser.subscribe.mockRejectedValue(new DOMException('bad key', 'InvalidAccessError'));
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('incorrect sender id');
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(row()).toHaveTextContent('Off');
  });

  it('turns off: RevokeInstallation with the saved token, the subscription ends', async () => {
    const browser = installFakePush('granted');
    await browser.subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array(65) });
    const subscription = browser.subscription;
    savePushToken('{"endpoint":"https://push.example/abc"}');
    render();
    expect(row()).toHaveTextContent('On');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(row()).toHaveTextContent('Off'));
    expect(callMock).toHaveBeenCalledWith(
      'RevokeInstallation',
      { fcmDeviceToken: '{"endpoint":"https://push.example/abc"}' },
      { showLoading: false },
    );
    expect(subscription?.unsubscribe).toHaveBeenCalled();
    expect(readPushToken()).toBeNull();
  });
});
