import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { registerPlugin, type PluginListenerHandle } from '@capacitor/core';
import { Device } from '@capacitor/device';
import { LocalNotifications } from '@capacitor/local-notifications';
import { PushNotifications } from '@capacitor/push-notifications';
import { Share } from '@capacitor/share';
import {
  BridgeError,
  NOTIFICATION_ACTIONS,
  type DevicePlatform,
  type NativeBridge,
  type NotificationAction,
  type PlannerNativePlugin,
} from './bridge-contract';
import { currentApiBase } from '../api/api-base';
import {
  consentThroughBrowser,
  signInThroughBrowser,
  type AppBrowserHost,
} from './app-browser-flows';
import { routeFromUrl } from './intents';

/** Capacitor's error shape: a message and, from native code, a code. */
function toBridgeError(call: string, error: unknown): BridgeError {
  if (error instanceof BridgeError) return error;
  const code: unknown = typeof error === 'object' && error ? Reflect.get(error, 'code') : undefined;
  const message: unknown =
    typeof error === 'object' && error ? Reflect.get(error, 'message') : String(error);
  return new BridgeError(
    call,
    typeof code === 'string' && code ? code : 'FAILED',
    typeof message === 'string' && message ? message : `${call} failed`,
  );
}

async function guarded<T>(call: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toBridgeError(call, error);
  }
}

/** A listener handle Capacitor answers asynchronously, as a synchronous unsubscribe. */
function unsubscriber(handle: Promise<PluginListenerHandle>): () => void {
  return () => {
    void handle.then((h) => h.remove()).catch(() => undefined);
  };
}

function isNotificationAction(id: string): id is NotificationAction {
  return (NOTIFICATION_ACTIONS as readonly string[]).includes(id);
}

/**
 * Native push: permission (asked once), then the token from the `registration` event that
 * `register()` leads to; both listeners are in place before it is called.
 */
async function registerForPush(): Promise<string | null> {
  let permission = await PushNotifications.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale')
    permission = await PushNotifications.requestPermissions();
  if (permission.receive !== 'granted') return null;
  let settle: { resolve: (token: string) => void; reject: (error: unknown) => void } | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const handles = await Promise.all([
    PushNotifications.addListener('registration', ({ value }) => settle?.resolve(value)),
    PushNotifications.addListener('registrationError', ({ error }) =>
      settle?.reject(new BridgeError('registerPush', 'FAILED', error)),
    ),
  ]);
  try {
    await PushNotifications.register();
    return await answer;
  } finally {
    await Promise.all(handles.map((handle) => handle.remove()));
  }
}

function routeOfExtra(extra: unknown): string | null {
  const route: unknown = typeof extra === 'object' && extra ? Reflect.get(extra, 'route') : null;
  return typeof route === 'string' ? routeFromUrl(route) : null;
}

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

/**
 * The bridge inside the iOS and Android shells. Loaded only there (bridge.ts imports it
 * dynamically), so @capacitor/* is not part of the browser's first load.
 */
let plannerNative: PlannerNativePlugin | undefined;

export function createCapacitorBridge(): NativeBridge {
  const native = (plannerNative ??= registerPlugin<PlannerNativePlugin>('PlannerNative'));
  let launchRead = false;
  const platform: DevicePlatform = (() => {
    const name = (globalThis as { Capacitor?: { getPlatform?: () => string } }).Capacitor;
    const id = name?.getPlatform?.();
    return id === 'ios' || id === 'android' ? id : 'web';
  })();

  return {
    platform,
    isNative: () => true,

    deviceInfo: () =>
      guarded('deviceInfo', async () => {
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
      }),

    purchase: (productId) => guarded('purchase', () => native.purchase({ productId })),
    restorePurchases: () => guarded('restorePurchases', () => native.restorePurchases()),
    onPurchaseUpdate: (listener) =>
      unsubscriber(native.addListener('purchaseUpdated', (result) => listener(result))),
    registerPush: () => guarded('registerPush', registerForPush),

    signIn: (provider) => signInThroughBrowser(provider, systemBrowser()),
    googleCalendarConsent: () => consentThroughBrowser(systemBrowser()),

    listDeviceCalendars: () =>
      guarded('listDeviceCalendars', async () => (await native.listCalendars()).calendars),
    readCalendarEvents: (calendarTitles, start, end) =>
      guarded(
        'readCalendarEvents',
        async () => (await native.readCalendarEvents({ calendarTitles, start, end })).events,
      ),
    calendarSyncStatus: () => guarded('calendarSyncStatus', () => native.calendarSyncStatus()),

    share: (request) =>
      guarded('share', async () => {
        await Share.share({ title: request.title, text: request.text, url: request.url });
      }),

    registerNotificationCategories: (categories) =>
      guarded('registerNotificationCategories', () =>
        LocalNotifications.registerActionTypes({
          types: categories.map((category) => ({
            id: category.id,
            actions: category.actions.map((action) => ({
              id: action.id,
              title: action.title,
              foreground: false,
            })),
          })),
        }),
      ),

    scheduleNotifications: (notifications) =>
      guarded('scheduleNotifications', async () => {
        const permission = await LocalNotifications.checkPermissions();
        if (permission.display !== 'granted') {
          const asked = await LocalNotifications.requestPermissions();
          if (asked.display !== 'granted')
            throw new BridgeError('scheduleNotifications', 'DENIED', 'Notifications are off');
        }
        const wanted = new Set(notifications.map((n) => n.id));
        const pending = await LocalNotifications.getPending();
        const stale = pending.notifications.filter((n) => !wanted.has(n.id));
        if (stale.length > 0)
          await LocalNotifications.cancel({ notifications: stale.map((n) => ({ id: n.id })) });
        if (notifications.length === 0) return;
        await LocalNotifications.schedule({
          notifications: notifications.map((n) => ({
            id: n.id,
            title: n.title,
            body: n.content,
            schedule: { at: new Date(n.time), allowWhileIdle: true },
            ...(n.category && { actionTypeId: n.category }),
            ...(n.color && { iconColor: n.color }),
            ...(n.icon && { smallIcon: n.icon }),
            extra: { route: n.route, kind: n.kind },
          })),
        });
      }),

    clearNotifications: () =>
      guarded('clearNotifications', async () => {
        const pending = await LocalNotifications.getPending();
        if (pending.notifications.length > 0)
          await LocalNotifications.cancel({
            notifications: pending.notifications.map((n) => ({ id: n.id })),
          });
        await LocalNotifications.removeAllDeliveredNotifications();
      }),

    setApiConfig: (baseUrl, token) =>
      guarded('setApiConfig', () => native.setApiConfig({ baseUrl, token })),

    pickDateTime: (request) =>
      guarded('pickDateTime', async () => (await native.pickDateTime(request)).selected),

    onRouteIntent: (listener) => {
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
    },

    onNotificationAction: (listener) =>
      unsubscriber(
        LocalNotifications.addListener(
          'localNotificationActionPerformed',
          ({ actionId, notification }) => {
            if (isNotificationAction(actionId))
              listener(actionId, routeOfExtra(notification.extra) ?? '/agenda');
          },
        ),
      ),

    onBackButton: (listener) => unsubscriber(App.addListener('backButton', () => listener())),

    onResume: (listener) => unsubscriber(App.addListener('resume', () => listener())),

    pendingRouteIntents: () =>
      guarded('pendingRouteIntents', async () => {
        // The launch link stays the same for the app's life: it is followed once.
        const launch = launchRead ? undefined : await App.getLaunchUrl();
        launchRead = true;
        const queued = await native.takePendingRoutes();
        const urls = [...(launch?.url ? [launch.url] : []), ...queued.routes];
        return urls.map(routeFromUrl).filter((route): route is string => route !== null);
      }),

    exitApp: () => guarded('exitApp', () => App.exitApp()),
  };
}
