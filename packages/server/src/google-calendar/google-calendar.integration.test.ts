import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../calendar-sync/secret-box';
import { LocalRealtimeHub } from '../realtime/realtime-hub';
import { drivePopup } from '../social-sign-in/testing/popup-driver';
import {
  startOidcTestProvider,
  type OidcTestProvider,
} from '../social-sign-in/testing/oidc-test-provider';
import {
  rpcError,
  startTestServer,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import type { CalendarPopupMessage } from './google-calendar-routes';
import { retryAt, runGoogleCalendarSyncPass } from './google-calendar-job';
import { GoogleOAuth, GrantRefused } from './google-oauth';
import {
  introspectAt,
  startFakeGoogleCalendar,
  type FakeGoogleCalendar,
} from './testing/fake-google-calendar';

const PUBLIC_URL = 'http://planner.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/google-calendar/callback`;
const INTERVAL = 10 * 60_000;
let google: OidcTestProvider;
let calendar: FakeGoogleCalendar;
let server: TestServer;

beforeAll(async () => {
  google = await startOidcTestProvider({ redirectUris: [CALLBACK] });
  calendar = await startFakeGoogleCalendar({ checkToken: introspectAt(google) });
  server = await startTestServer({
    config: {
      publicUrl: PUBLIC_URL,
      google: {
        issuer: google.issuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
      },
      googleCalendarApiUrl: calendar.apiUrl,
      calendarSyncIntervalMs: INTERVAL,
    },
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([google.close(), calendar.close()]);
});

// Tests run on Monday 5 January 2026, 09:00 UTC (TEST_NOW); each starts from there.
const NOW = Date.UTC(2026, 0, 5, 9, 0);
beforeEach(() => server.clock.set(NOW));

let accountCounter = 0;
/** A Google login of its own per test: the fake's data never leaks between tests. */
const newLogin = () => `person${++accountCounter}-${randomBytes(3).toString('hex')}`;

/** Goes through the consent popup and hands its code to PrepareGoogleCalendarSync. */
async function connect(user: SignedUpUser, login: string): Promise<void> {
  const run = await drivePopup({
    serverUrl: server.url,
    publicUrl: PUBLIC_URL,
    provider: 'google-calendar' as 'google',
    state: randomBytes(16).toString('base64url'),
    login,
  });
  const message = run.message as unknown as CalendarPopupMessage;
  if (!('code' in message)) throw new Error('the popup posted no code');
  await user.client.call('PrepareGoogleCalendarSync', {
    authorizationCode: message.code,
    redirectUri: message.redirectUri,
  });
}

/** The user's synced Google occurrences as the database keeps them (titles and times). */
async function synced(userId: string) {
  const rows = await server.database.db
    .selectFrom('events')
    .select(['title', 'start_ms', 'end_ms', 'all_day', 'category_id', 'sync_origin', 'sync_key'])
    .where('user_id', '=', userId)
    .where('source', '=', 'google')
    .orderBy('start_ms')
    .orderBy('sync_key')
    .execute();
  return rows.map((r) => ({
    title: r.title,
    start: new Date(Number(r.start_ms)).toISOString(),
    end: new Date(Number(r.end_ms)).toISOString(),
    allDay: r.all_day === 1,
    categoryId: r.category_id,
    origin: r.sync_origin,
  }));
}

async function firstCategory(userId: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('categories')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The web's chain: the options as shown (primary chosen), then a sync. */
async function enableAndSync(user: SignedUpUser, change?: (id: string) => Record<string, unknown>) {
  const { options } = await user.client.call('GetGoogleCalendarSyncOptions', {});
  const entryOptions = (options?.entryOptions ?? []).map((e) => ({ ...e, ...change?.(e.id) }));
  const [, sync] = await user.client.chain([
    {
      method: 'UpdateGoogleCalendarSyncOptions',
      data: { options: { syncEnabled: true, entryOptions } },
    },
    { method: 'SyncGoogleCalendar', data: {} },
  ]);
  return sync as { added: number; updated: number; removed: number };
}

const sync = (user: SignedUpUser) => user.client.call('SyncGoogleCalendar', {});
const at = (iso: string) => ({ dateTime: iso });

describe('Google Calendar sync', () => {
  it("lists the account's calendars after consent, the primary one chosen", async () => {
    const user = await server.signUp();
    const login = newLogin();
    calendar.addCalendar(login, {
      id: 'team@group.calendar.google.com',
      summary: 'Team',
      color: '#ff0000',
    });
    const before = await user.client.call('GetGoogleCalendarSyncStatus', {});
    expect(before.status).toEqual({ initialized: false, tokenExpired: false, enabled: false });
    await connect(user, login);
    const status = await user.client.call('GetGoogleCalendarSyncStatus', {});
    expect(status.status).toEqual({ initialized: true, tokenExpired: false, enabled: false });
    const { options } = await user.client.call('GetGoogleCalendarSyncOptions', {});
    expect(options?.syncEnabled).toBe(false);
    expect(options?.entryOptions).toEqual([
      expect.objectContaining({ id: `${login}@example.com`, syncEnabled: true, categoryId: '' }),
      expect.objectContaining({
        id: 'team@group.calendar.google.com',
        title: 'Team',
        syncEnabled: false,
        color: '#ff0000',
      }),
    ]);
    // The refresh token is stored sealed, never as Google handed it over.
    const row = await server.database.db
      .selectFrom('google_calendar_grants')
      .select('refresh_token_sealed')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.refresh_token_sealed.startsWith('v1:')).toBe(true);
    const plain = SecretBox.fromConfig(server.config).open(row.refresh_token_sealed);
    expect(server.logs.join('\n')).not.toContain(plain);
  });

  it('brings events in, changes and removes them as Google does, without duplicates', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    const standup = calendar.addEvent(login, primary, {
      summary: 'Standup',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T09:15:00Z'),
    });
    calendar.addEvent(login, primary, {
      summary: 'Holiday',
      start: { date: '2026-03-29', timeZone: 'Europe/Berlin' },
      end: { date: '2026-03-30', timeZone: 'Europe/Berlin' },
    });
    const review = calendar.addEvent(login, primary, {
      summary: 'Review',
      start: at('2026-01-07T14:00:00+01:00'),
      end: at('2026-01-07T15:00:00+01:00'),
    });
    await connect(user, login);
    expect(await enableAndSync(user)).toMatchObject({ added: 3, updated: 0, removed: 0 });
    const category = await firstCategory(user.userId);
    expect(await synced(user.userId)).toEqual([
      {
        title: 'Standup',
        start: '2026-01-06T09:00:00.000Z',
        end: '2026-01-06T09:15:00.000Z',
        allDay: false,
        categoryId: category,
        origin: `google:${primary}`,
      },
      expect.objectContaining({ title: 'Review', start: '2026-01-07T13:00:00.000Z' }),
      // An all-day event on Berlin's daylight-saving day: its local midnights, 23 hours apart.
      expect.objectContaining({
        title: 'Holiday',
        start: '2026-03-28T23:00:00.000Z',
        end: '2026-03-29T22:00:00.000Z',
        allDay: true,
      }),
    ]);
    // The planner's timeline shows them as the user's events.
    const timeline = await user.client.call('GetTimeline', {
      start: Date.UTC(2026, 0, 6),
      end: Date.UTC(2026, 0, 7),
      version: 4,
    });
    expect(JSON.stringify(timeline)).toContain('Standup');

    // Syncing again changes nothing.
    expect(await sync(user)).toMatchObject({ added: 0, updated: 0, removed: 0 });
    expect(await synced(user.userId)).toHaveLength(3);

    calendar.changeEvent(login, primary, standup.id, {
      summary: 'Daily standup',
      end: at('2026-01-06T09:30:00Z'),
    });
    calendar.deleteEvent(login, primary, review.id);
    expect(await sync(user)).toMatchObject({ added: 0, updated: 1, removed: 1 });
    const last = calendar.requests.filter((r) => r.path.endsWith('/events')).at(-1);
    expect(last?.query.syncToken).toBeTruthy();
    expect((await synced(user.userId)).map((e) => [e.title, e.end])).toEqual([
      ['Daily standup', '2026-01-06T09:30:00.000Z'],
      ['Holiday', '2026-03-29T22:00:00.000Z'],
    ]);
  });

  it('keeps a recurring series as its occurrences, with a moved and a cancelled one', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    const ids = calendar.addSeries(login, primary, {
      id: 'weekly',
      summary: 'Planning',
      start: { dateTime: '2026-01-08T10:00:00+01:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-01-08T11:00:00+01:00', timeZone: 'Europe/Berlin' },
      frequency: 'WEEKLY',
      count: 4,
    });
    await connect(user, login);
    expect(await enableAndSync(user)).toMatchObject({ added: 4 });
    // The second occurrence moves an hour later; the third is cancelled.
    calendar.changeEvent(login, primary, ids[1] ?? '', {
      start: at('2026-01-15T11:00:00+01:00'),
      end: at('2026-01-15T12:00:00+01:00'),
    });
    calendar.deleteEvent(login, primary, ids[2] ?? '');
    expect(await sync(user)).toMatchObject({ added: 0, updated: 1, removed: 1 });
    expect((await synced(user.userId)).map((e) => e.start)).toEqual([
      '2026-01-08T09:00:00.000Z',
      '2026-01-15T10:00:00.000Z',
      '2026-01-29T09:00:00.000Z',
    ]);
    // The whole series deleted: every occurrence goes.
    calendar.deleteEvent(login, primary, 'weekly');
    expect(await sync(user)).toMatchObject({ removed: 3 });
    expect(await synced(user.userId)).toEqual([]);
  });

  it('lists a calendar in full when Google says its sync token expired (410)', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    for (let i = 0; i < 5; i++) {
      calendar.addEvent(login, primary, {
        summary: `Meeting ${i}`,
        start: at(`2026-01-1${i}T10:00:00Z`),
        end: at(`2026-01-1${i}T11:00:00Z`),
      });
    }
    await connect(user, login);
    await enableAndSync(user);
    calendar.expireSyncTokens();
    calendar.addEvent(login, primary, {
      summary: 'Late addition',
      start: at('2026-01-20T10:00:00Z'),
      end: at('2026-01-20T11:00:00Z'),
    });
    expect(await sync(user)).toMatchObject({ added: 1, updated: 0, removed: 0 });
    const gone = calendar.requests.filter((r) => r.path.endsWith('/events')).slice(-2);
    expect(gone[0]?.query.syncToken).toBeTruthy();
    expect(gone[1]?.query.timeMin).toBe('2025-12-06T09:00:00.000Z');
    expect(await synced(user.userId)).toHaveLength(6);
    // And the next sync is incremental again.
    expect(await sync(user)).toMatchObject({ added: 0, updated: 0, removed: 0 });
  });

  it('pages through a large calendar and keeps only its horizon', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    // 2,600 events: two of Google's pages. One long past and one past the year ahead are left out.
    for (let i = 0; i < 2600; i++) {
      const start = NOW + i * 3_600_000;
      calendar.addEvent(login, primary, {
        summary: `Slot ${i}`,
        start: at(new Date(start).toISOString()),
        end: at(new Date(start + 1_800_000).toISOString()),
      });
    }
    calendar.addEvent(login, primary, {
      summary: 'Long ago',
      start: at('2025-06-01T10:00:00Z'),
      end: at('2025-06-01T11:00:00Z'),
    });
    calendar.addEvent(login, primary, {
      summary: 'Far ahead',
      start: at('2027-06-01T10:00:00Z'),
      end: at('2027-06-01T11:00:00Z'),
    });
    await connect(user, login);
    const before = calendar.requests.length;
    expect(await enableAndSync(user)).toMatchObject({ added: 2600 });
    const pages = calendar.requests.slice(before).filter((r) => r.path.endsWith('/events'));
    expect(pages).toHaveLength(2);
    expect(pages[1]?.query.pageToken).toBeTruthy();
  });

  it("removes a calendar's events when it is unchosen, and all of them when sync is turned off", async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    calendar.addCalendar(login, { id: 'side', summary: 'Side' });
    calendar.addEvent(login, primary, {
      summary: 'Main',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T10:00:00Z'),
    });
    calendar.addEvent(login, 'side', {
      summary: 'Extra',
      start: at('2026-01-06T11:00:00Z'),
      end: at('2026-01-06T12:00:00Z'),
    });
    await connect(user, login);
    await enableAndSync(user, () => ({ syncEnabled: true }));
    expect((await synced(user.userId)).map((e) => e.title)).toEqual(['Main', 'Extra']);
    await enableAndSync(user, (id) => ({ syncEnabled: id !== 'side' }));
    expect((await synced(user.userId)).map((e) => e.title)).toEqual(['Main']);
    const { options } = await user.client.call('GetGoogleCalendarSyncOptions', {});
    await user.client.call('UpdateGoogleCalendarSyncOptions', {
      options: { syncEnabled: false, entryOptions: options?.entryOptions ?? [] },
    });
    expect(await synced(user.userId)).toEqual([]);
    expect((await user.client.call('GetGoogleCalendarSyncStatus', {})).status?.enabled).toBe(false);
  });

  it("gives a calendar's events the chosen category, only one of the user's own", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    calendar.addEvent(login, primary, {
      summary: 'Gym',
      start: at('2026-01-06T18:00:00Z'),
      end: at('2026-01-06T19:00:00Z'),
    });
    await connect(user, login);
    await enableAndSync(user);
    const categories = await server.database.db
      .selectFrom('categories')
      .select('id')
      .where('user_id', '=', user.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const second = categories[1]?.id ?? '';
    expect(second).not.toBe('');
    expect(await enableAndSync(user, () => ({ categoryId: second }))).toMatchObject({ updated: 1 });
    expect((await synced(user.userId))[0]?.categoryId).toBe(second);
    const { category } = await other.client.call('PutCategory', {
      category: { title: 'Only theirs', color: 'Red-500' },
    });
    const foreign = category?.id ?? '';
    expect(foreign).not.toBe('');
    for (const categoryId of [foreign, 'no-such-category']) {
      const error = await rpcError(
        user.client.call('UpdateGoogleCalendarSyncOptions', {
          options: {
            syncEnabled: true,
            entryOptions: [
              { id: primary, syncEnabled: true, categoryId, title: '', color: '', publish: false },
            ],
          },
        }),
      );
      expect(error.message).toBe('invalid.chooseCategory');
    }
  });

  it('refuses a redirect address other than its callback, and oversized input', async () => {
    const user = await server.signUp();
    const wrong = await rpcError(
      user.client.call('PrepareGoogleCalendarSync', {
        authorizationCode: 'code',
        redirectUri: 'https://evil.example/callback',
      }),
    );
    expect(wrong.code).toBe(400);
    const long = await rpcError(
      user.client.call('PrepareGoogleCalendarSync', {
        authorizationCode: 'x'.repeat(5000),
        redirectUri: CALLBACK,
      }),
    );
    expect(long.message).toContain('authorizationCode');
    const bogus = await rpcError(
      user.client.call('PrepareGoogleCalendarSync', {
        authorizationCode: 'bogus',
        redirectUri: CALLBACK,
      }),
    );
    expect(bogus.code).toBe(400);
    const many = await rpcError(
      user.client.call('UpdateGoogleCalendarSyncOptions', {
        options: {
          syncEnabled: true,
          entryOptions: Array.from({ length: 101 }, (_, i) => ({
            id: `c${i}`,
            title: '',
            syncEnabled: true,
            categoryId: '',
            color: '',
            publish: false,
          })),
        },
      }),
    );
    expect(many.message).toContain('entryOptions');
  });

  it('marks a revoked grant expired, stops syncing it, and starts again after a new consent', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    calendar.addEvent(login, primary, {
      summary: 'Kept',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T10:00:00Z'),
    });
    await connect(user, login);
    await enableAndSync(user);
    calendar.revoke(login);
    expect(await sync(user)).toMatchObject({ added: 0, syncedAt: 0 });
    expect((await user.client.call('GetGoogleCalendarSyncStatus', {})).status).toEqual({
      initialized: true,
      tokenExpired: true,
      enabled: true,
    });
    // The events synced before stay (busy time) until the user fixes or unbinds.
    expect(await synced(user.userId)).toHaveLength(1);
    const refusals = server.logs.filter((l) => l.includes('google calendar grant refused'));
    expect(refusals).toHaveLength(1);
    // The job skips the expired grant: Google is not asked again.
    const asked = () => calendar.requests.filter((r) => r.account === login).length;
    const before = asked();
    server.clock.set(NOW + 2 * INTERVAL);
    await runGoogleCalendarSyncPass(server.database, passDeps(), server.clock.now());
    expect(asked()).toBe(before);
    expect(await sync(user)).toMatchObject({ syncedAt: 0 });
    expect(server.logs.filter((l) => l.includes('google calendar grant refused'))).toHaveLength(1);

    calendar.restore(login);
    await connect(user, login);
    expect((await user.client.call('GetGoogleCalendarSyncStatus', {})).status?.tokenExpired).toBe(
      false,
    );
    calendar.addEvent(login, primary, {
      summary: 'New',
      start: at('2026-01-07T09:00:00Z'),
      end: at('2026-01-07T10:00:00Z'),
    });
    expect(await sync(user)).toMatchObject({ added: 1 });
  });

  it('unbinds: the grant is revoked at Google, the events and options are gone', async () => {
    const user = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    calendar.addEvent(login, primary, {
      summary: 'Bye',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T10:00:00Z'),
    });
    await connect(user, login);
    await enableAndSync(user);
    const row = await server.database.db
      .selectFrom('google_calendar_grants')
      .select('refresh_token_sealed')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const refreshToken = SecretBox.fromConfig(server.config).open(row.refresh_token_sealed);
    await user.client.call('UnbindGoogleCalendar', {});
    expect(await synced(user.userId)).toEqual([]);
    expect((await user.client.call('GetGoogleCalendarSyncStatus', {})).status?.initialized).toBe(
      false,
    );
    expect(
      (await user.client.call('GetGoogleCalendarSyncOptions', {})).options?.entryOptions,
    ).toEqual([]);
    const oauth = new GoogleOAuth(
      { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret },
      CALLBACK,
    );
    await expect(oauth.refresh(refreshToken)).rejects.toBeInstanceOf(GrantRefused);
  });

  it("keeps users apart: another user neither sees nor changes a user's sync", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const login = newLogin();
    const primary = calendar.primaryCalendarId(login);
    calendar.addEvent(login, primary, {
      summary: 'Private',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T10:00:00Z'),
    });
    await connect(user, login);
    await enableAndSync(user);
    expect((await other.client.call('GetGoogleCalendarSyncStatus', {})).status?.initialized).toBe(
      false,
    );
    expect(
      (await other.client.call('GetGoogleCalendarSyncOptions', {})).options?.entryOptions,
    ).toEqual([]);
    expect((await rpcError(sync(other))).message).toBe('calendar.googleNotConnected');
    const update = await rpcError(
      other.client.call('UpdateGoogleCalendarSyncOptions', {
        options: {
          syncEnabled: false,
          entryOptions: [
            {
              id: primary,
              syncEnabled: false,
              categoryId: '',
              title: '',
              color: '',
              publish: false,
            },
          ],
        },
      }),
    );
    expect(update.message).toBe('calendar.googleNotConnected');
    await other.client.call('UnbindGoogleCalendar', {});
    expect(await synced(other.userId)).toEqual([]);
    expect(await synced(user.userId)).toHaveLength(1);
    expect((await user.client.call('GetGoogleCalendarSyncStatus', {})).status?.initialized).toBe(
      true,
    );
  });
});

const silentLog = { warn: () => undefined };
const passDeps = () => ({
  config: server.config,
  realtime: new LocalRealtimeHub(),
  log: silentLog,
});

describe('the periodic sync', () => {
  it('syncs users whose last sync is an interval old, and backs a failing one off', async () => {
    const user = await server.signUp();
    const failing = await server.signUp();
    const login = newLogin();
    const failingLogin = newLogin();
    const primary = calendar.primaryCalendarId(login);
    await connect(user, login);
    await enableAndSync(user);
    calendar.addCalendar(failingLogin, { id: 'soon-gone', summary: 'Soon gone' });
    await connect(failing, failingLogin);
    await enableAndSync(failing, () => ({ syncEnabled: true }));
    calendar.removeCalendar(failingLogin, 'soon-gone');

    calendar.addEvent(login, primary, {
      summary: 'From the job',
      start: at('2026-01-06T09:00:00Z'),
      end: at('2026-01-06T10:00:00Z'),
    });
    const deps = passDeps();
    // Not yet due: synced a moment ago.
    const early = await runGoogleCalendarSyncPass(server.database, deps, NOW + 60_000);
    expect(early.synced + early.failed).toBe(0);
    const later = NOW + INTERVAL + 1;
    const pass = await runGoogleCalendarSyncPass(server.database, deps, later);
    expect(pass.synced).toBeGreaterThanOrEqual(1);
    expect((await synced(user.userId)).map((e) => e.title)).toEqual(['From the job']);
    const grant = await server.database.db
      .selectFrom('google_calendar_grants')
      .select(['failures', 'retry_at'])
      .where('user_id', '=', failing.userId)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ failures: 1, retry_at: retryAt(later, 1, INTERVAL) });
    // Tried again only once the back-off passed, then waiting twice as long.
    const requests = calendar.requests.length;
    await runGoogleCalendarSyncPass(server.database, deps, later + 60_000);
    const between = calendar.requests.slice(requests);
    expect(between.some((r) => r.path.includes('soon-gone'))).toBe(false);
    await runGoogleCalendarSyncPass(server.database, deps, later + INTERVAL + 1);
    const again = await server.database.db
      .selectFrom('google_calendar_grants')
      .select(['failures', 'retry_at'])
      .where('user_id', '=', failing.userId)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ failures: 2, retry_at: retryAt(later + INTERVAL + 1, 2, INTERVAL) });
    expect(retryAt(0, 2, INTERVAL)).toBe(2 * INTERVAL);
  });
});
