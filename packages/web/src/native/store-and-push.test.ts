import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { BridgeError, type NativeBridge } from '../bridge/bridge-contract';
import { NO_RECEIPT, registerShellPush, restoreAppStorePurchases } from './purchase';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from './testing/fake-native';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));

/*
 * Issue 28, item 11: native push registration and App Store restore and updates, through the
 * Capacitor bridge against the fake native layer (the JSON that crosses into native code).
 */

let native: FakeNativeLayer;
let bridge: NativeBridge;
const callMock = vi.mocked(call);

beforeAll(async () => {
  native = installFakeNative();
  const { getBridge, resetBridgeForTests } = await import('../bridge/bridge');
  resetBridgeForTests();
  bridge = await getBridge();
});
afterAll(() => uninstallFakeNative());
beforeEach(() => {
  native.reset();
  callMock.mockReset();
  callMock.mockResolvedValue({} as never);
  native.on('Device', 'getInfo', () => ({ platform: 'android', osVersion: '14', model: 'Pixel' }));
  native.on('App', 'getInfo', () => ({ version: '1.3.143' }));
  native.on('PlannerNative', 'capabilities', () => ({
    nativeVersion: '1.3.143 (88)',
    appleCalendar: false,
  }));
});

/** PushNotifications as Android answers: the token arrives as an event after register(). */
function pushAnswers(permission: 'granted' | 'denied', token = 'fcm-token-1') {
  native.on('PushNotifications', 'checkPermissions', () => ({ receive: 'prompt' }));
  native.on('PushNotifications', 'requestPermissions', () => ({ receive: permission }));
  native.on('PushNotifications', 'register', () => {
    setTimeout(() => native.emit('PushNotifications', 'registration', { value: token }), 0);
    return {};
  });
}

describe('native push', () => {
  it('asks once, registers, and sends the token to RegisterDevice as android', async () => {
    pushAnswers('granted');
    expect(await registerShellPush(bridge)).toBe('fcm-token-1');
    expect(native.callsTo('PushNotifications', 'requestPermissions')).toHaveLength(1);
    expect(native.callsTo('PushNotifications', 'register')).toHaveLength(1);
    expect(callMock).toHaveBeenCalledWith(
      'RegisterDevice',
      {
        fcmDeviceToken: 'fcm-token-1',
        deviceType: 'android',
        nativeVersion: '1.3.143 (88)',
        appVersion: '1.3.143',
      },
      { showLoading: false },
    );
    // The listeners are removed once the token came.
    expect(native.listenerCount('PushNotifications', 'registration')).toBe(0);
  });

  it('declined notifications register nothing', async () => {
    pushAnswers('denied');
    expect(await registerShellPush(bridge)).toBeNull();
    expect(native.callsTo('PushNotifications', 'register')).toHaveLength(0);
    expect(callMock).not.toHaveBeenCalled();
  });

  it('a registration error rejects with its message', async () => {
    native.on('PushNotifications', 'checkPermissions', () => ({ receive: 'granted' }));
    native.on('PushNotifications', 'register', () => {
      setTimeout(
        () => native.emit('PushNotifications', 'registrationError', { error: 'no Play services' }),
        0,
      );
      return {};
    });
    const error = await bridge.registerPush().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).message).toBe('no Play services');
  });

  it("a push notification's tap opens the route it carries", async () => {
    const routes: string[] = [];
    const off = bridge.onRouteIntent((route) => routes.push(route));
    await vi.waitFor(() =>
      expect(native.listenerCount('PushNotifications', 'pushNotificationActionPerformed')).toBe(1),
    );
    native.emit('PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { data: { route: '/agenda/day/1795608000000' } },
    });
    await vi.waitFor(() => expect(routes).toEqual(['/agenda/day/1795608000000']));
    off();
  });
});

describe('App Store restore and updates', () => {
  it('restores: the latest signed transaction goes to SetAppStoreReceipt', async () => {
    native.on('PlannerNative', 'restorePurchases', () => ({
      appStoreReceipt: 'jws.signed.transaction',
      packageName: 'app.planner',
    }));
    const client = new QueryClient();
    await restoreAppStorePurchases(bridge, client);
    expect(callMock).toHaveBeenCalledWith('SetAppStoreReceipt', {
      packageName: 'app.planner',
      receipt: 'jws.signed.transaction',
    });
  });

  it('a restore without a transaction fails with the spec words and sends nothing', async () => {
    native.fail('PlannerNative', 'restorePurchases', NO_RECEIPT, 'FAILED');
    const error = await restoreAppStorePurchases(bridge, new QueryClient()).catch(
      (e: unknown) => e,
    );
    expect((error as BridgeError).message).toBe(NO_RECEIPT);
    expect(callMock).not.toHaveBeenCalled();
  });

  it('Transaction.updates reach the app as purchaseUpdated', async () => {
    const seen: unknown[] = [];
    const off = bridge.onPurchaseUpdate((result) => seen.push(result));
    await vi.waitFor(() =>
      expect(native.listenerCount('PlannerNative', 'purchaseUpdated')).toBe(1),
    );
    native.emit('PlannerNative', 'purchaseUpdated', { appStoreReceipt: 'jws.renewal' });
    await vi.waitFor(() => expect(seen).toEqual([{ appStoreReceipt: 'jws.renewal' }]));
    off();
  });
});
