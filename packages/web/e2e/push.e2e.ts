import { expect, test, type BrowserContext, type CDPSession, type Page } from './fixtures';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { AgendaApi, MINUTE, todayAt } from './agenda-api';
import { fullChromium } from './browsers';
import { AgendaPage } from './pages/agenda-page';
import { ShellPage } from './pages/shell-page';
import { withRunDatabase } from './run-database';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

// The service worker is what this file tests (the others run without it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Web push from the settings row to a notification's button, in Chromium:
// - the browser's push service (FCM for Chromium) lives outside this machine, so the page's
//   PushManager hands out a subscription whose endpoint is a fake push service here (its real
//   request: RFC 8291 aes128gcm bodies, which the test decrypts with the subscription's keys);
// - the server's notification pass sends the near-end alert of the running task there;
// - the decrypted payload goes to the service worker through the DevTools protocol
//   (ServiceWorker.deliverPushMessage), which shows it; a notificationclick dispatched in the
//   worker runs its "More time" action against the server and the open agenda shows the result.
// The server's clock moves (AgendaApi.setClock): this spec runs in the clock lanes.

const TASK = 'Deep work';
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ) => Buffer;
};

/** A push service of our own: it accepts what the server posts and keeps the bodies. */
async function startPushService(): Promise<{ server: Server; url: string; bodies: Buffer[] }> {
  const bodies: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/push/planner-e2e`, bodies };
}

/**
 * The page's PushManager subscribes at the fake push service with the test's keys (the
 * subscription survives reloads, as a browser's does).
 */
async function fakeBrowserPushService(page: Page, endpoint: string, p256dh: string, auth: string) {
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const KEY = 'e2e:push-subscription';
      const make = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: Uint8Array.from(atob(serverKey), (c) => c.charCodeAt(0)).buffer,
        },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      });
      const toBase64 = (key: BufferSource) =>
        btoa(String.fromCharCode(...new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : key)));
      PushManager.prototype.subscribe = function subscribe(options) {
        const key = options?.applicationServerKey;
        if (!options?.userVisibleOnly || !key || typeof key === 'string') {
          return Promise.reject(new DOMException('userVisibleOnly and a key', 'NotAllowedError'));
        }
        localStorage.setItem(KEY, toBase64(key));
        return Promise.resolve(make(toBase64(key)) as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        const key = localStorage.getItem(KEY);
        return Promise.resolve(key ? (make(key) as unknown as PushSubscription) : null);
      };
    },
    { endpoint, p256dh, auth },
  );
}

/**
 * The id DevTools knows the root-scope service worker's registration by, once its worker is
 * activated (a push delivered to a registration still installing its precache is dropped).
 */
async function workerRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const ids = new Map<string, boolean>();
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const r of registrations) {
      if (r.scopeURL === `${origin}/`) ids.set(r.registrationId, !r.isDeleted);
    }
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const ready = () => [...ids].find(([id, live]) => live && activated.has(id))?.[0];
  await expect.poll(ready, { timeout: 20_000 }).toBeTruthy();
  return ready() ?? '';
}

async function openFromDrawer(page: Page, name: 'Settings' | 'Agenda'): Promise<void> {
  await new ShellPage(page).openDrawer();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(name === 'Settings' ? /\/settings$/ : /\/agenda$/);
}

function pushRow(page: Page) {
  return page.locator('[data-settings-group="push"]');
}

/** The settings screen with the notifications row in view. */
async function shoot(page: Page, name: string): Promise<void> {
  await pushRow(page).scrollIntoViewIfNeeded();
  await shootPage(page, name);
}

async function shootPage(page: Page, name: string): Promise<void> {
  await saveShot(page, name);
}

/**
 * Counts, in the worker, the notifications whose showNotification() has settled. Chromium's
 * getNotifications() deletes from its database every stored notification the platform does not
 * report as displayed yet, so a read made while a notification is being shown loses it for
 * good (the test polled, and about one run in eight under load lost a push that way). The test
 * reads only once the worker's shows are done. Playwright stays attached to the worker, which
 * Chromium then keeps running, so the count lives as long as the test.
 */
async function countShows(context: BrowserContext): Promise<void> {
  await worker(context).evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const counter = self as unknown as { e2eShows: number; e2eWaiters: (() => void)[] };
    counter.e2eShows = 0;
    counter.e2eWaiters = [];
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    registration.showNotification = async (title, options) => {
      try {
        await show(title, options);
      } finally {
        // A refused show counts too: the read that follows says what is missing.
        counter.e2eShows += 1;
        for (const wake of counter.e2eWaiters.splice(0)) wake();
      }
    };
  });
}

/** Waits until the worker's `count`th notification has been shown (see countShows). */
async function showsDone(context: BrowserContext, count: number): Promise<void> {
  await worker(context).evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const counter = self as unknown as { e2eShows: number; e2eWaiters: (() => void)[] };
        const check = () =>
          counter.e2eShows >= count ? resolve() : counter.e2eWaiters.push(check);
        check();
      }),
    count,
  );
}

function worker(context: BrowserContext) {
  const [serviceWorker] = context.serviceWorkers();
  if (!serviceWorker) throw new Error('no service worker');
  return serviceWorker;
}

/**
 * What the worker's registration shows: title, the app's action fields, the tap's route. Read
 * only when no notification is being shown (countShows).
 */
function shownNotifications(
  page: Page,
): Promise<{ title: string; actions: { action: string; title: string }[]; route?: string }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      // Chromium adds its own fields (type, icon, placeholder): compare what the app sets.
      actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(
        ({ action, title }) => ({ action, title }),
      ),
      route: (n.data as { route?: string } | null)?.route ?? undefined,
    }));
  });
}

function storedDevices(
  email: string,
): { push_token: string; device_type: string; app_version: string }[] {
  return withRunDatabase(
    (database) =>
      database
        .prepare(
          `SELECT d.push_token, d.device_type, d.app_version FROM devices d
         JOIN users u ON u.user_id = d.user_id WHERE u.email = ?`,
        )
        .all(email) as { push_token: string; device_type: string; app_version: string }[],
  );
}

test.describe.configure({ mode: 'serial' });
// The headless shell answers every notification permission with "denied" (granted or not):
// the full browser.
test.use({ launchOptions: fullChromium });

test('notifications: allowed, registered, a push shown, its action changes the plan', async ({
  page,
  context,
  baseURL,
}, info) => {
  test.skip(!info.project.name.endsWith('-clock'), 'moves the shared server clock (CLOCK_SPECS)');
  test.setTimeout(150_000);
  const device = deviceOf(info);
  const origin = baseURL ?? '';
  const push = await startPushService();
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16);
  try {
    await context.grantPermissions(['notifications'], { origin });
    await fakeBrowserPushService(
      page,
      push.url,
      keys.getPublicKey('base64url'),
      authSecret.toString('base64url'),
    );
    const cdp = await context.newCDPSession(page);

    const api = new AgendaApi(origin);
    const start = todayAt(9);
    await api.setClock(start);
    const email = newEmail(`push-${device}`);
    await api.signUp(email, GOOD_PASSWORD);
    await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
    await api.createTask(TASK, 30);
    await api.signInPage(page);
    const agenda = new AgendaPage(page);
    await agenda.goto('/agenda');
    await expect(agenda.block(`${TASK}, 9:00 AM to 9:30 AM`)).toBeVisible();
    const registrationId = await workerRegistrationId(cdp, origin);
    await countShows(context);

    // Settings, reached by clicks: off until the person turns it on (permission is granted, so
    // Chromium asks nothing), then RegisterDevice stores this browser's subscription.
    await openFromDrawer(page, 'Settings');
    await expect(pushRow(page).locator('[data-push-state="off"]')).toBeVisible();
    await shoot(page, `push-${device}-off`);
    await pushRow(page).getByRole('button', { name: 'Turn on' }).click();
    await expect(pushRow(page).locator('[data-push-state="on"]')).toBeVisible();
    await expect(pushRow(page).getByRole('button', { name: 'Turn off' })).toBeVisible();
    await shoot(page, `push-${device}-on`);
    const [stored] = storedDevices(email);
    expect(stored?.device_type).toBe('web');
    expect(stored?.app_version).toBe('1.3.143');
    expect(JSON.parse(stored?.push_token ?? '{}')).toEqual({
      endpoint: push.url,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
    });

    // Back to the agenda, which stays open while the notification is handled.
    await openFromDrawer(page, 'Agenda');
    await expect(agenda.block(`${TASK}, 9:00 AM to 9:30 AM`)).toBeVisible();

    // 9:27, three minutes before the session ends: the next notification pass (every 30 s)
    // sends the near-end alert with its "More time" button to the push service.
    await api.setClock(start + 27 * MINUTE + 10_000);
    // (The task's own "up next" notification may come first, sent when the device registered.)
    type Payload = { type: string; kind?: string; actions?: string[]; actionToken?: string };
    const payloads = () =>
      push.bodies.map(
        (body) =>
          JSON.parse(
            ece
              .decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret })
              .toString('utf8'),
          ) as Payload,
      );
    await expect
      .poll(() => payloads().some((payload) => payload.kind === 'nearEnd'), { timeout: 60_000 })
      .toBe(true);
    const nearEnd = payloads().find((payload) => payload.kind === 'nearEnd');
    expect(nearEnd).toMatchObject({ type: 'notification', title: TASK, actions: ['moreTime'] });
    expect(nearEnd?.actionToken).toBeTruthy();

    // Delivered to the service worker as the browser would: it shows the notification.
    const deliver = (payload: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(payload),
      });
    await deliver(nearEnd ?? {});
    await showsDone(context, 1);
    expect(await shownNotifications(page)).toEqual([
      { title: TASK, actions: [{ action: 'moreTime', title: 'More time' }], route: '/agenda' },
    ]);

    // The person presses "More time": the server gives the running session 30 more minutes and
    // the open agenda shows it without a reload.
    const sessionEnd = async () =>
      Number(
        (
          await api.call<{ currentBlock?: { task?: string; end?: string | number } }>(
            'GetTimelineState',
          )
        ).currentBlock?.end ?? 0,
      );
    expect(await sessionEnd()).toBe(start + 30 * MINUTE);
    await clickNotification(context, 'moreTime');
    await expect.poll(sessionEnd).toBe(start + 60 * MINUTE);
    await expect(agenda.block(`${TASK}, 9:00 AM to 10:00 AM`)).toBeVisible();
    await expect(page).toHaveURL(/\/agenda$/);
    await expect.poll(() => shownNotifications(page)).toEqual([]);
    await shootPage(page, `push-${device}-agenda-after-more-time`);

    // The same action token again (a second press of a stale copy): the server refuses it, the
    // worker says so in a notification and the plan stays as it is.
    await deliver({ ...nearEnd, tag: 'again' });
    await showsDone(context, 2);
    expect(await shownNotifications(page)).toHaveLength(1);
    // The click's handler is awaited: the failure's notification has been shown when it returns.
    await clickNotification(context, 'moreTime');
    await showsDone(context, 3);
    expect((await shownNotifications(page)).map((n) => n.title)).toEqual(['That did not work']);
    expect(await sessionEnd()).toBe(start + 60 * MINUTE);
    await clickNotification(context, '');
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // A tap on a notification's body, with Settings open: this tab goes to its route, the agenda.
    await openFromDrawer(page, 'Settings');
    await deliver({ ...nearEnd, tag: 'second', actionToken: undefined, actions: [] });
    await showsDone(context, 4);
    expect(await shownNotifications(page)).toEqual([
      { title: TASK, actions: [], route: '/agenda' },
    ]);
    await clickNotification(context, '');
    await expect(page).toHaveURL(/\/agenda$/);
    await expect(agenda.block(`${TASK}, 9:00 AM to 10:00 AM`)).toBeVisible();

    // Turned off in Settings: the server forgets the device.
    await openFromDrawer(page, 'Settings');
    await pushRow(page).getByRole('button', { name: 'Turn off' }).click();
    await expect(pushRow(page).locator('[data-push-state="off"]')).toBeVisible();
    expect(storedDevices(email)).toEqual([]);
  } finally {
    push.server.close();
  }
});

/** A click on the shown notification (its action button, or '' for the body), in the worker. */
async function clickNotification(context: BrowserContext, action: string): Promise<void> {
  await worker(context).evaluate(async (action) => {
    // The worker's globals (the page's tsconfig has no WebWorker lib).
    const scope = self as unknown as EventTarget & {
      registration: ServiceWorkerRegistration;
    };
    const NotificationEventOf = (
      self as unknown as {
        NotificationEvent: new (
          type: string,
          init: { notification: Notification; action: string },
        ) => Event;
      }
    ).NotificationEvent;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    // A script-made event refuses waitUntil; this one keeps what the handler hands it, so the
    // evaluation returns once the handler is done (its action's request, its message to tabs),
    // and no uncaught error is left in the worker.
    const event = new NotificationEventOf('notificationclick', { notification, action });
    const pending: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', {
      value: (promise: Promise<unknown>) => pending.push(promise),
    });
    scope.dispatchEvent(event);
    await Promise.all(pending);
  }, action);
}

test('notifications: blocked and unsupported browsers say so', async ({
  page,
  context,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const origin = baseURL ?? '';
  const api = new AgendaApi(origin);
  await api.signUp(newEmail(`push-blocked-${device}`), GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.signInPage(page);
  // Denied, as after the person chose Block in Chromium's prompt (Playwright can only grant).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  });
  await new AgendaPage(page).goto('/agenda');
  await openFromDrawer(page, 'Settings');
  await expect(pushRow(page).locator('[data-push-state="blocked"]')).toBeVisible();
  await expect(pushRow(page)).toContainText("Allow them in the browser's site settings");
  await expect(pushRow(page).getByRole('button')).toHaveCount(0);
  await shoot(page, `push-${device}-blocked`);

  // A browser without the Push API (as older Safari): nothing to press.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'PushManager');
  });
  await page.reload();
  await expect(pushRow(page).locator('[data-push-state="unsupported"]')).toBeVisible();
  await shoot(page, `push-${device}-unsupported`);
});
