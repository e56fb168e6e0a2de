import { currentApiBase } from '../api/api-base';
import { askGoogleCalendarConsent } from './google-consent';
import { signInWithPopup } from './oauth-popup';
import { BridgeError, UNAVAILABLE, type NativeBridge, type ShareRequest } from './bridge-contract';

/** What a browser offers for sharing: the Web Share API where there is one, else the clipboard. */
export interface ShareHost {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

/** Web Share when the browser has it; otherwise the text and address go to the clipboard. */
export async function shareInBrowser(request: ShareRequest, host: ShareHost): Promise<void> {
  if (host.share) {
    await host.share({ title: request.title, text: request.text, url: request.url });
    return;
  }
  const text = [request.text, request.url].filter(Boolean).join(' ');
  if (!host.clipboard) throw new BridgeError('share', UNAVAILABLE, 'Sharing is not available');
  await host.clipboard.writeText(text);
}

const unavailable = (call: string) => () =>
  Promise.reject(new BridgeError(call, UNAVAILABLE, `${call} is only available in the apps`));
const nothing = () => Promise.resolve();
const noSubscription = () => () => undefined;

/**
 * The browser: sign-in runs the popup flow, sharing uses Web Share (or copies), the web has its
 * own pickers, push notifications stand in for local ones and purchases happen in the store
 * apps (the premium page shows the store links).
 */
export const browserBridge: NativeBridge = {
  platform: 'web',
  isNative: () => false,
  deviceInfo: () =>
    Promise.resolve({
      platform: 'web',
      osVersion: '',
      model: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      nativeVersion: '',
      supportsAppleCalendar: false,
    }),
  purchase: unavailable('purchase'),
  restorePurchases: unavailable('restorePurchases'),
  onPurchaseUpdate: noSubscription,
  registerPush: () => Promise.resolve(null),
  signIn: (provider) => signInWithPopup(provider, currentApiBase()),
  googleCalendarConsent: () => askGoogleCalendarConsent(currentApiBase()),
  listDeviceCalendars: unavailable('listDeviceCalendars'),
  readCalendarEvents: unavailable('readCalendarEvents'),
  calendarSyncStatus: () => Promise.resolve({ status: 'idle', message: '' }),
  share: (request) =>
    shareInBrowser(request, {
      share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
      clipboard: navigator.clipboard,
    }),
  registerNotificationCategories: nothing,
  scheduleNotifications: nothing,
  clearNotifications: nothing,
  setApiConfig: nothing,
  pickDateTime: unavailable('pickDateTime'),
  onRouteIntent: noSubscription,
  onNotificationAction: noSubscription,
  onBackButton: noSubscription,
  onResume: noSubscription,
  pendingRouteIntents: () => Promise.resolve([]),
  exitApp: nothing,
};
