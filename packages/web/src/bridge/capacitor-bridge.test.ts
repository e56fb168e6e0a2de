import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthErrorKey } from './oauth-popup';
import { CLOSED_GRACE_MS, pkceChallenge } from './app-browser-flows';
import { BridgeError, type LocalNotification, type NativeBridge } from './bridge-contract';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from '../native/testing/fake-native';

let native: FakeNativeLayer;
let bridge: NativeBridge;

beforeAll(async () => {
  native = installFakeNative();
  // Imported only now: @capacitor/core reads the shell's globals when it loads.
  const { isNativeShell, getBridge } = await import('./bridge');
  expect(isNativeShell()).toBe(true);
  bridge = await getBridge();
});
afterAll(() => uninstallFakeNative());
beforeEach(() => native.reset());

/** The rejection of a call, to assert on. */
async function failure(promise: Promise<unknown>): Promise<BridgeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

describe('the Capacitor bridge against the native layer', () => {
  it('is the Android bridge inside an Android shell', () => {
    expect(bridge.platform).toBe('android');
    expect(bridge.isNative()).toBe(true);
  });

  it('describes the device from Device, App and PlannerNative', async () => {
    native.on('Device', 'getInfo', () => ({
      platform: 'ios',
      osVersion: '17.4',
      model: 'iPhone15,2',
      operatingSystem: 'ios',
    }));
    native.on('App', 'getInfo', () => ({ version: '1.3.143', build: '88' }));
    native.on('PlannerNative', 'capabilities', () => ({
      nativeVersion: '1.3.143 (88)',
      appleCalendar: true,
    }));
    expect(await bridge.deviceInfo()).toEqual({
      platform: 'ios',
      osVersion: '17.4',
      model: 'iPhone15,2',
      nativeVersion: '1.3.143 (88)',
      supportsAppleCalendar: true,
    });
  });

  it('answers the app version and no Apple calendar when the shell plugin fails', async () => {
    native.on('Device', 'getInfo', () => ({
      platform: 'android',
      osVersion: '14',
      model: 'Pixel 8',
    }));
    native.on('App', 'getInfo', () => ({ version: '1.3.143', build: '88' }));
    native.fail('PlannerNative', 'capabilities', 'not implemented', 'UNIMPLEMENTED');
    expect(await bridge.deviceInfo()).toMatchObject({
      platform: 'android',
      nativeVersion: '1.3.143',
      supportsAppleCalendar: false,
    });
  });

  it('fails deviceInfo when Device fails', async () => {
    native.fail('Device', 'getInfo', 'boom', 'FAILED');
    native.on('App', 'getInfo', () => ({ version: '1' }));
    const error = await failure(bridge.deviceInfo());
    expect([error.call, error.code, error.message]).toEqual(['deviceInfo', 'FAILED', 'boom']);
  });

  it('buys a product through PlannerNative.purchase', async () => {
    native.on('PlannerNative', 'purchase', () => ({ googlePlayPurchaseToken: 'gp-token' }));
    expect(await bridge.purchase('premium_one_month')).toEqual({
      googlePlayPurchaseToken: 'gp-token',
    });
    expect(native.callsTo('PlannerNative', 'purchase')).toEqual([
      { productId: 'premium_one_month' },
    ]);
  });

  it('reports a cancelled purchase with its code', async () => {
    native.fail('PlannerNative', 'purchase', 'The person closed the store sheet', 'CANCELLED');
    const error = await failure(bridge.purchase('premium_one_year'));
    expect([error.call, error.code]).toEqual(['purchase', 'CANCELLED']);
  });

  describe('sign-in through the system browser', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    /** Browser.open answers, then the app link `link(state)` arrives (undefined: none). */
    function browserLandsAt(link: ((state: string) => string) | undefined) {
      const opened: URL[] = [];
      native.on('Browser', 'open', (options) => {
        const url = new URL(String(options['url']));
        opened.push(url);
        const state = url.searchParams.get('state') ?? '';
        // The link arrives once the flow listens for it (as on a device, seconds later).
        if (link)
          void native
            .listening('App', 'appUrlOpen')
            .then(() => native.emit('App', 'appUrlOpen', { url: link(state) }));
        return undefined;
      });
      native.on('Browser', 'close', () => undefined);
      return opened;
    }

    function serverAnswers(status: number, body: unknown) {
      const exchange = vi.fn((_url: URL, _init: RequestInit) =>
        Promise.resolve(new Response(JSON.stringify(body), { status })),
      );
      vi.stubGlobal('fetch', exchange);
      return exchange;
    }

    it('opens the flow with a state and a PKCE challenge, and trades the code with its verifier', async () => {
      const opened = browserLandsAt((state) => `app.planner://oauth?state=${state}&code=C0DE`);
      const exchange = serverAnswers(200, { token: 'ticket-1' });
      const appLinksBefore = native.listenerCount('App', 'appUrlOpen');
      // A link of another flow, arriving first, is not this one's.
      setTimeout(
        () => native.emit('App', 'appUrlOpen', { url: 'app.planner://oauth?state=x&code=NO' }),
        0,
      );

      expect(await bridge.signIn('google')).toBe('ticket-1');
      const start = opened[0];
      expect(start?.pathname).toBe('/api/oauth/google/start');
      expect(start?.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
      const [url, init] = exchange.mock.calls[0] ?? [];
      expect(String(url)).toMatch(/\/api\/oauth\/app-ticket$/);
      const body = JSON.parse(String(init?.body)) as { code: string; verifier: string };
      expect(body.code).toBe('C0DE');
      expect(start?.searchParams.get('app_challenge')).toBe(
        await pkceChallenge(window.crypto, body.verifier),
      );
      expect(native.callsTo('Browser', 'close')).toHaveLength(1);
      // Its listeners are gone once it is done.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(native.listenerCount('App', 'appUrlOpen')).toBe(appLinksBefore);
      expect(native.listenerCount('Browser', 'browserFinished')).toBe(0);
    });

    it("runs Google Calendar's consent the same way, to its own link and exchange", async () => {
      browserLandsAt((state) => `app.planner://oauth?state=${state}&code=WRONG`);
      const exchange = serverAnswers(200, { code: 'google-code', redirectUri: 'https://x/cb' });
      const browserOpens = native.nextCall('Browser', 'open');
      const consent = bridge.googleCalendarConsent();
      const start = new URL(String((await browserOpens)['url']));
      const state = start.searchParams.get('state') ?? '';
      expect(start.pathname).toBe('/api/oauth/google-calendar/start');
      expect(start.searchParams.get('app_challenge')).toMatch(/^[\w-]{43}$/);
      // The sign-in link (another host) is not this flow's; the calendar's is.
      await new Promise((resolve) => setTimeout(resolve, 0));
      native.emit('App', 'appUrlOpen', {
        url: `app.planner://google-calendar?state=${state}&code=HANDOFF`,
      });
      expect(await consent).toEqual({ code: 'google-code', redirectUri: 'https://x/cb' });
      const [url, init] = exchange.mock.calls[0] ?? [];
      expect(String(url)).toMatch(/\/api\/oauth\/google-calendar\/app-code$/);
      expect(JSON.parse(String(init?.body))).toMatchObject({ code: 'HANDOFF' });
    });

    it('answers a declined sign-in and a closed browser as cancelled, the same as the popup', async () => {
      browserLandsAt((state) => `app.planner://oauth?state=${state}&error=cancelled`);
      expect(oauthErrorKey(await bridge.signIn('facebook').catch((e: unknown) => e))).toBe(
        'oauth.cancelled',
      );

      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      browserLandsAt(undefined);
      // The close is told once the flow listens for it (its PKCE challenge is hashed first, off
      // the test's clock): told earlier, no one hears it and the flow waits for ever.
      const browserOpens = native.nextCall('Browser', 'open');
      const closed = bridge.signIn('google').catch((e: unknown) => e);
      await browserOpens;
      native.emit('Browser', 'browserFinished', {});
      await vi.advanceTimersByTimeAsync(CLOSED_GRACE_MS - 1);
      // Still waiting: Android may tell of the close before the link.
      native.emit('App', 'appUrlOpen', { url: 'app.planner://agenda/day/1' });
      await vi.advanceTimersByTimeAsync(1);
      expect(oauthErrorKey(await closed)).toBe('oauth.cancelled');
    });

    it('fails when the browser cannot open, the server refuses the code, or one is under way', async () => {
      native.fail('Browser', 'open', 'Unable to display URL', 'FAILED');
      expect(oauthErrorKey(await bridge.signIn('google').catch((e: unknown) => e))).toBe(
        'oauth.failed',
      );

      browserLandsAt((state) => `app.planner://oauth?state=${state}&code=C0DE`);
      serverAnswers(400, { error: 'invalid' });
      const first = bridge.signIn('google').catch((e: unknown) => e);
      const second = await bridge.signIn('google').catch((e: unknown) => e);
      expect(oauthErrorKey(second)).toBe('oauth.busy');
      expect(oauthErrorKey(await first)).toBe('oauth.failed');
      expect(native.callsTo('Browser', 'open')).toHaveLength(2);
    });
  });

  it('lists and reads device calendars, and their sync status', async () => {
    native.on('PlannerNative', 'listCalendars', () => ({ calendars: [{ title: 'Home' }] }));
    const event = {
      id: 'E1@1700000000000',
      calendarTitle: 'Home',
      title: 'Dentist',
      start: 1_700_000_000_000,
      end: 1_700_003_600_000,
      allDay: false,
      timezone: 'Europe/Berlin',
    };
    native.on('PlannerNative', 'readCalendarEvents', () => ({ events: [event] }));
    native.on('PlannerNative', 'calendarSyncStatus', () => ({ status: 'synced', message: '' }));
    expect(await bridge.listDeviceCalendars()).toEqual([{ title: 'Home' }]);
    expect(await bridge.readCalendarEvents(['Home'], 1, 2)).toEqual([event]);
    expect(native.callsTo('PlannerNative', 'readCalendarEvents')).toEqual([
      { calendarTitles: ['Home'], start: 1, end: 2 },
    ]);
    expect(await bridge.calendarSyncStatus()).toEqual({ status: 'synced', message: '' });
  });

  it('reports calendar access refused', async () => {
    native.fail('PlannerNative', 'listCalendars', 'Calendar access denied', 'DENIED');
    native.fail('PlannerNative', 'readCalendarEvents', 'Calendar access denied', 'DENIED');
    native.fail('PlannerNative', 'calendarSyncStatus', 'no', 'FAILED');
    expect((await failure(bridge.listDeviceCalendars())).code).toBe('DENIED');
    expect((await failure(bridge.readCalendarEvents(['Home'], 1, 2))).call).toBe(
      'readCalendarEvents',
    );
    expect((await failure(bridge.calendarSyncStatus())).call).toBe('calendarSyncStatus');
  });

  it('shares through the Share plugin', async () => {
    native.on('Share', 'share', () => ({ activityType: 'com.apple.UIKit.activity.Mail' }));
    await bridge.share({ title: 'My week', text: 'Look', url: 'https://planner.app/share/abc' });
    expect(native.callsTo('Share', 'share')).toEqual([
      { title: 'My week', text: 'Look', url: 'https://planner.app/share/abc' },
    ]);
    native.fail('Share', 'share', 'Share canceled', 'CANCELLED');
    expect((await failure(bridge.share({ text: 'x' }))).code).toBe('CANCELLED');
  });

  it('registers the categories and their buttons', async () => {
    native.on('LocalNotifications', 'registerActionTypes', () => undefined);
    await bridge.registerNotificationCategories([
      {
        id: 'timeblockNearEnd',
        actions: [
          { id: 'moreTime', title: 'More time' },
          { id: 'startNow', title: 'Start now' },
        ],
      },
    ]);
    expect(native.callsTo('LocalNotifications', 'registerActionTypes')).toEqual([
      {
        types: [
          {
            id: 'timeblockNearEnd',
            actions: [
              { id: 'moreTime', title: 'More time', foreground: false },
              { id: 'startNow', title: 'Start now', foreground: false },
            ],
          },
        ],
      },
    ]);
    native.fail('LocalNotifications', 'registerActionTypes', 'no', 'FAILED');
    expect((await failure(bridge.registerNotificationCategories([]))).call).toBe(
      'registerNotificationCategories',
    );
  });

  const upNext: LocalNotification = {
    id: 12345,
    kind: 'task',
    time: Date.UTC(2026, 2, 29, 7, 50),
    title: 'Up next: Write report',
    content: 'Starts at 10:00',
    category: 'taskUpNext',
    color: '#4CAF50',
    route: '/agenda/day/1774771800000',
  };

  it('schedules notifications, cancelling the pending ones no longer planned', async () => {
    native.on('LocalNotifications', 'checkPermissions', () => ({ display: 'granted' }));
    native.on('LocalNotifications', 'getPending', () => ({
      notifications: [{ id: 12345 }, { id: 777 }],
    }));
    native.on('LocalNotifications', 'cancel', () => undefined);
    native.on('LocalNotifications', 'schedule', () => ({ notifications: [{ id: 12345 }] }));
    await bridge.scheduleNotifications([upNext]);
    expect(native.callsTo('LocalNotifications', 'requestPermissions')).toEqual([]);
    expect(native.callsTo('LocalNotifications', 'cancel')).toEqual([
      { notifications: [{ id: 777 }] },
    ]);
    expect(native.callsTo('LocalNotifications', 'schedule')).toEqual([
      {
        notifications: [
          {
            id: 12345,
            title: 'Up next: Write report',
            body: 'Starts at 10:00',
            schedule: { at: '2026-03-29T07:50:00.000Z', allowWhileIdle: true },
            actionTypeId: 'taskUpNext',
            iconColor: '#4CAF50',
            extra: { route: '/agenda/day/1774771800000', kind: 'task' },
          },
        ],
      },
    ]);
  });

  it('asks for permission once, and fails when it is refused', async () => {
    native.on('LocalNotifications', 'checkPermissions', () => ({ display: 'prompt' }));
    native.on('LocalNotifications', 'requestPermissions', () => ({ display: 'denied' }));
    const error = await failure(bridge.scheduleNotifications([upNext]));
    expect([error.call, error.code]).toEqual(['scheduleNotifications', 'DENIED']);
    expect(native.callsTo('LocalNotifications', 'schedule')).toEqual([]);
  });

  it('fails when the system refuses the schedule', async () => {
    native.on('LocalNotifications', 'checkPermissions', () => ({ display: 'granted' }));
    native.on('LocalNotifications', 'getPending', () => ({ notifications: [] }));
    native.fail('LocalNotifications', 'schedule', 'Exact alarms not allowed', 'FAILED');
    const error = await failure(bridge.scheduleNotifications([upNext]));
    expect(error.message).toBe('Exact alarms not allowed');
  });

  it('clears pending and delivered notifications', async () => {
    native.on('LocalNotifications', 'getPending', () => ({
      notifications: [{ id: 1 }, { id: 2 }],
    }));
    native.on('LocalNotifications', 'cancel', () => undefined);
    native.on('LocalNotifications', 'removeAllDeliveredNotifications', () => undefined);
    await bridge.clearNotifications();
    expect(native.callsTo('LocalNotifications', 'cancel')).toEqual([
      { notifications: [{ id: 1 }, { id: 2 }] },
    ]);
    expect(native.callsTo('LocalNotifications', 'removeAllDeliveredNotifications')).toHaveLength(1);
    native.fail('LocalNotifications', 'getPending', 'no', 'FAILED');
    expect((await failure(bridge.clearNotifications())).call).toBe('clearNotifications');
  });

  it('hands the API base and the session token to the shell', async () => {
    native.on('PlannerNative', 'setApiConfig', () => undefined);
    await bridge.setApiConfig('https://api.planner.app/api', 'tok');
    await bridge.setApiConfig('https://api.planner.app/api', null);
    expect(native.callsTo('PlannerNative', 'setApiConfig')).toEqual([
      { baseUrl: 'https://api.planner.app/api', token: 'tok' },
      { baseUrl: 'https://api.planner.app/api', token: null },
    ]);
    native.fail('PlannerNative', 'setApiConfig', 'Keychain locked', 'FAILED');
    expect((await failure(bridge.setApiConfig('https://x/api', 't'))).message).toBe(
      'Keychain locked',
    );
  });

  it('picks a date and time in seconds with a zone', async () => {
    native.on('PlannerNative', 'pickDateTime', () => ({ selected: 1_774_771_800 }));
    const request = {
      mode: 'dateTime' as const,
      selected: 1_774_764_000,
      minimum: 1_766_988_000,
      maximum: 2_493_503_999,
      timezone: 'Europe/Berlin',
    };
    expect(await bridge.pickDateTime(request)).toBe(1_774_771_800);
    expect(native.callsTo('PlannerNative', 'pickDateTime')).toEqual([request]);
    native.on('PlannerNative', 'pickDateTime', () => ({ selected: null }));
    expect(await bridge.pickDateTime(request)).toBeNull();
    native.fail('PlannerNative', 'pickDateTime', 'no', 'UNIMPLEMENTED');
    expect((await failure(bridge.pickDateTime(request))).code).toBe('UNIMPLEMENTED');
  });

  it('routes app links and notification taps, ignoring foreign links', async () => {
    const routes: string[] = [];
    const off = bridge.onRouteIntent((route) => routes.push(route));
    await native.listening('App', 'appUrlOpen');
    await native.listening('LocalNotifications', 'localNotificationActionPerformed');
    expect(native.listenerCount('App', 'appUrlOpen')).toBe(1);
    expect(native.listenerCount('LocalNotifications', 'localNotificationActionPerformed')).toBe(1);
    native.emit('App', 'appUrlOpen', { url: 'app.planner://agenda/day/1774771800000' });
    native.emit('App', 'appUrlOpen', { url: 'https://evil.example/phish' });
    native.emit('LocalNotifications', 'localNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: 1, extra: { route: '/agenda/day/1774771800000', kind: 'task' } },
    });
    // A button press is an action, not a route.
    native.emit('LocalNotifications', 'localNotificationActionPerformed', {
      actionId: 'moreTime',
      notification: { id: 1, extra: { route: '/agenda/day/1' } },
    });
    expect(routes).toEqual(['/agenda/day/1774771800000', '/agenda/day/1774771800000']);
    const removed = [
      native.nextCall('App', 'removeListener'),
      native.nextCall('LocalNotifications', 'removeListener'),
    ];
    off();
    await Promise.all(removed);
    expect(native.listenerCount('App', 'appUrlOpen')).toBe(0);
    expect(native.listenerCount('LocalNotifications', 'localNotificationActionPerformed')).toBe(0);
  });

  it('passes notification buttons on with their route', async () => {
    const actions: [string, string][] = [];
    const off = bridge.onNotificationAction((action, route) => actions.push([action, route]));
    await native.listening('LocalNotifications', 'localNotificationActionPerformed');
    expect(native.listenerCount('LocalNotifications', 'localNotificationActionPerformed')).toBe(1);
    for (const actionId of ['takeBreak', 'startNow', 'moreTime', 'tap', 'unknown'])
      native.emit('LocalNotifications', 'localNotificationActionPerformed', {
        actionId,
        notification: { id: 1, extra: { route: '/agenda/day/5' } },
      });
    expect(actions).toEqual([
      ['takeBreak', '/agenda/day/5'],
      ['startNow', '/agenda/day/5'],
      ['moreTime', '/agenda/day/5'],
    ]);
    off();
  });

  it('hears the back button and resume until unsubscribed', async () => {
    const back = vi.fn();
    const resume = vi.fn();
    const offBack = bridge.onBackButton(back);
    const offResume = bridge.onResume(resume);
    await native.listening('App', 'backButton');
    await native.listening('App', 'resume');
    expect(native.listenerCount('App', 'backButton')).toBe(1);
    expect(native.listenerCount('App', 'resume')).toBe(1);
    native.emit('App', 'backButton', { canGoBack: true });
    native.emit('App', 'resume', {});
    expect(back).toHaveBeenCalledTimes(1);
    expect(resume).toHaveBeenCalledTimes(1);
    const removed = [
      native.nextCall('App', 'removeListener'),
      native.nextCall('App', 'removeListener'),
    ];
    offBack();
    offResume();
    await Promise.all(removed);
    expect(native.listenerCount('App', 'backButton')).toBe(0);
    native.emit('App', 'backButton', { canGoBack: true });
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('answers pending routes: the launch link once, then what widgets queued', async () => {
    native.on('App', 'getLaunchUrl', () => ({ url: 'app.planner://agenda/day/42' }));
    native.on('PlannerNative', 'takePendingRoutes', () => ({
      routes: ['/tasks', 'app.planner://settings', 'javascript:alert(1)'],
    }));
    expect(await bridge.pendingRouteIntents()).toEqual(['/agenda/day/42', '/tasks', '/settings']);
    native.on('PlannerNative', 'takePendingRoutes', () => ({ routes: [] }));
    expect(await bridge.pendingRouteIntents()).toEqual([]);
    expect(native.callsTo('App', 'getLaunchUrl')).toHaveLength(1);
    native.fail('PlannerNative', 'takePendingRoutes', 'no', 'FAILED');
    expect((await failure(bridge.pendingRouteIntents())).call).toBe('pendingRouteIntents');
  });

  it('exits the app', async () => {
    native.on('App', 'exitApp', () => undefined);
    await bridge.exitApp();
    expect(native.callsTo('App', 'exitApp')).toEqual([{}]);
  });
});
