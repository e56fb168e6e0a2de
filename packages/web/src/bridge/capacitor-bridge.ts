import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { registerPlugin } from '@capacitor/core';
import { Device } from '@capacitor/device';
import { LocalNotifications } from '@capacitor/local-notifications';
import { PushNotifications } from '@capacitor/push-notifications';
import { Share } from '@capacitor/share';
import type {
  DeviceInfo,
  DevicePlatform,
  NativeBridge,
  PlannerNativePlugin,
  RouteIntentListener,
} from './bridge-contract';
import { currentApiBase } from '../api/api-base';
import {
  consentThroughBrowser,
  signInThroughBrowser,
  type AppBrowserHost,
} from './app-browser-flows';
import { guarded, routeOfExtra, unsubscriber } from './capacitor-calls';
import { capacitorNotifications } from './capacitor-notifications';
import { routeFromUrl } from './intents';

/** The system browser (Capacitor's Browser plugin) and app links, for the server's flows. */
function systemBrowser(): AppBrowserHost {
  return {
    apiBase: currentApiBase(),
    pageUrl: window.location.href,
    openBrowser: (url) => Browser.open({ url }),
    closeBrowser: () => Browser.close(),
    onAppUrl: (listener) => unsubscriber(App.addListener('appUrlOpen', ({ url }) => listener(url))),
    onBrowserClosed: (listener) =>
      unsubscriber(Browser.addListener('browserFinished', () => listener())),
    fetch: (input, init) => fetch(input, init),
    crypto: window.crypto,
    setTimeout: (handler, ms) => window.setTimeout(handler, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
  };
}

/** The shell's platform as Capacitor names it; 'web' for anything else. */
function shellPlatform(): DevicePlatform {
  const name = (globalThis as { Capacitor?: { getPlatform?: () => string } }).Capacitor;
  const id = name?.getPlatform?.();
  return id === 'ios' || id === 'android' ? id : 'web';
}

/** Device and app versions; the shell plugin's own version and Apple calendar when it answers. */
async function readDeviceInfo(native: PlannerNativePlugin): Promise<DeviceInfo> {
  const [device, app, capabilities] = await Promise.all([
    Device.getInfo(),
    App.getInfo(),
    native.capabilities().catch(() => ({ nativeVersion: '', appleCalendar: false })),
  ]);
  return {
    platform: device.platform,
    osVersion: device.osVersion,
    model: device.model,
    nativeVersion: capabilities.nativeVersion || app.version,
    supportsAppleCalendar: device.platform === 'ios' && capabilities.appleCalendar,
  };
}

type PluginCalls = Pick<
  NativeBridge,
  | 'purchase'
  | 'restorePurchases'
  | 'onPurchaseUpdate'
  | 'listDeviceCalendars'
  | 'readCalendarEvents'
  | 'calendarSyncStatus'
  | 'setApiConfig'
  | 'pickDateTime'
>;

/** What the shell's own PlannerNative plugin does: purchases, device calendars, config, picker. */
function plannerNativeCalls(native: PlannerNativePlugin): PluginCalls {
  return {
    purchase: (productId) => guarded('purchase', () => native.purchase({ productId })),
    restorePurchases: () => guarded('restorePurchases', () => native.restorePurchases()),
    onPurchaseUpdate: (listener) =>
      unsubscriber(native.addListener('purchaseUpdated', (result) => listener(result))),
    listDeviceCalendars: () =>
      guarded('listDeviceCalendars', async () => (await native.listCalendars()).calendars),
    readCalendarEvents: (calendarTitles, start, end) =>
      guarded(
        'readCalendarEvents',
        async () => (await native.readCalendarEvents({ calendarTitles, start, end })).events,
      ),
    calendarSyncStatus: () => guarded('calendarSyncStatus', () => native.calendarSyncStatus()),
    setApiConfig: (baseUrl, token) =>
      guarded('setApiConfig', () => native.setApiConfig({ baseUrl, token })),
    pickDateTime: (request) =>
      guarded('pickDateTime', async () => (await native.pickDateTime(request)).selected),
  };
}

/** Routes from app links, notification taps and push taps, as they arrive. */
function listenForRouteIntents(listener: RouteIntentListener): () => void {
  const fromLinks = App.addListener('appUrlOpen', ({ url }) => {
    const route = routeFromUrl(url);
    if (route) listener(route);
  });
  const fromTaps = LocalNotifications.addListener(
    'localNotificationActionPerformed',
    ({ actionId, notification }) => {
      const route = routeOfExtra(notification.extra);
      if (actionId === 'tap' && route) listener(route);
    },
  );
  // A push notification's tap carries the route in its data (docs/notifications.md).
  const fromPushes = PushNotifications.addListener(
    'pushNotificationActionPerformed',
    ({ notification }) => {
      const route = routeOfExtra(notification.data);
      if (route) listener(route);
    },
  );
  const offs = [fromLinks, fromTaps, fromPushes].map(unsubscriber);
  return () => offs.forEach((off) => off());
}

/** Routes that arrived before the app listened: the launch link (read once) and the shell's queue. */
function pendingRouteReader(native: PlannerNativePlugin): () => Promise<string[]> {
  let launchRead = false;
  return () =>
    guarded('pendingRouteIntents', async () => {
      // The launch link stays the same for the app's life: it is followed once.
      const launch = launchRead ? undefined : await App.getLaunchUrl();
      launchRead = true;
      const queued = await native.takePendingRoutes();
      const urls = [...(launch?.url ? [launch.url] : []), ...queued.routes];
      return urls.map(routeFromUrl).filter((route): route is string => route !== null);
    });
}

/**
 * The bridge inside the iOS and Android shells. Loaded only there (bridge.ts imports it
 * dynamically), so @capacitor/* is not part of the browser's first load.
 */
let plannerNative: PlannerNativePlugin | undefined;

export function createCapacitorBridge(): NativeBridge {
  const native = (plannerNative ??= registerPlugin<PlannerNativePlugin>('PlannerNative'));
  return {
    platform: shellPlatform(),
    isNative: () => true,
    deviceInfo: () => guarded('deviceInfo', () => readDeviceInfo(native)),
    ...plannerNativeCalls(native),
    ...capacitorNotifications(),
    signIn: (provider) => signInThroughBrowser(provider, systemBrowser()),
    googleCalendarConsent: () => consentThroughBrowser(systemBrowser()),
    share: (request) =>
      guarded('share', async () => {
        await Share.share({ title: request.title, text: request.text, url: request.url });
      }),
    onRouteIntent: listenForRouteIntents,
    pendingRouteIntents: pendingRouteReader(native),
    onBackButton: (listener) => unsubscriber(App.addListener('backButton', () => listener())),
    onResume: (listener) => unsubscriber(App.addListener('resume', () => listener())),
    exitApp: () => guarded('exitApp', () => App.exitApp()),
  };
}
