import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { SecretBox } from '../calendar-sync/secret-box';
import { ManualClock } from '../clock';
import { startRadicale, type RadicaleServer } from '../testing/radicale';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import {
  DAY,
  expectRpcError,
  HOUR,
  signUpPlanner,
  type Planner,
} from '../timeline/planning-test-kit';
import { isPrivateAddress } from '../net/private-hosts';
import { NEVER, syncDueAccounts } from './caldav-sync';

const USERS = ['ada', 'bea', 'cem', 'dan', 'eva', 'fay', 'gus'] as const;
const passwordOf = (user: string) => `${user}-app-password-1`;

let radicale: RadicaleServer;
let server: TestServer;

beforeAll(async () => {
  radicale = await startRadicale({
    users: Object.fromEntries(USERS.map((u) => [u, passwordOf(u)])),
  });
  server = await startTestServer({ config: { caldavAllowPrivateHosts: true } });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await radicale?.stop();
});

const ics = (...vevents: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents, 'END:VCALENDAR', ''].join(
    '\r\n',
  );

const vevent = (fields: Record<string, string>) =>
  [
    'BEGIN:VEVENT',
    'DTSTAMP:20260101T000000Z',
    ...Object.entries(fields).map(([k, v]) => `${k}:${v}`),
    'END:VEVENT',
  ].join('\r\n');

const BERLIN_TZ = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Daily 10:00-11:00 Berlin from Thu 22 Oct 2026, 6 times: across the change on Sun 25 Oct. */
const standup = (count: number) =>
  ics(
    BERLIN_TZ,
    vevent({
      UID: 'standup-1',
      'DTSTART;TZID=Europe/Berlin': '20261022T100000',
      'DTEND;TZID=Europe/Berlin': '20261022T110000',
      RRULE: `FREQ=DAILY;COUNT=${count}`,
      'EXDATE;TZID=Europe/Berlin': '20261023T100000',
      SUMMARY: 'Standup',
    }),
    vevent({
      UID: 'standup-1',
      'RECURRENCE-ID;TZID=Europe/Berlin': '20261026T100000',
      'DTSTART;TZID=Europe/Berlin': '20261026T140000',
      'DTEND;TZID=Europe/Berlin': '20261026T150000',
      SUMMARY: 'Standup (moved)',
    }),
  );

async function addAccount(user: Planner, radicaleUser: string) {
  const { account } = await user.client.call('AddCalDavAccount', {
    serverUrl: radicale.url,
    username: radicaleUser,
    password: passwordOf(radicaleUser),
  });
  if (!account) throw new Error('no account');
  return account;
}

async function syncedRows(userId: string) {
  return server.database.db
    .selectFrom('events')
    .select(['sync_key', 'title', 'start_ms', 'end_ms', 'all_day', 'source', 'category_id'])
    .where('user_id', '=', userId)
    .where('source', '=', 'caldav')
    .orderBy('start_ms')
    .execute();
}

describe('CalDAV accounts against Radicale', () => {
  it('adds an account: calendars discovered with names and colours; the password is sealed and never answered or logged', async () => {
    await radicale.createCalendar('ada', 'work', { displayName: 'Work', color: '#1e90ff' });
    await radicale.createCalendar('ada', 'home', { displayName: 'Home' });
    const user = await signUpPlanner(server);
    const account = await addAccount(user, 'ada');
    expect(account.serverUrl).toBe(radicale.url);
    expect(account.username).toBe('ada');
    expect(account.error).toBe('');
    expect(
      account.calendars.map((c) => [c.title, c.color, c.syncEnabled, c.publish]).sort(),
    ).toEqual([
      ['Home', '', false, false],
      ['Work', '#1e90ff', false, false],
    ]);
    expect(account.calendars[0]?.id).toMatch(new RegExp(`^${radicale.url}ada/`));
    const listed = await user.client.call('ListCalDavAccounts');
    expect(listed.accounts.map((a) => a.id)).toEqual([account.id]);
    expect(JSON.stringify(listed)).not.toContain(passwordOf('ada'));
    const row = await server.database.db
      .selectFrom('caldav_accounts')
      .select('password_sealed')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.password_sealed).not.toContain(passwordOf('ada'));
    expect(SecretBox.fromConfig(server.config).open(row.password_sealed)).toBe(passwordOf('ada'));
    expect(server.logs.join('\n')).not.toContain(passwordOf('ada'));
  });

  it('refuses a wrong password with calendar.wrongPassword and stores nothing', async () => {
    const user = await signUpPlanner(server);
    await expectRpcError(
      user.client.call('AddCalDavAccount', {
        serverUrl: radicale.url,
        username: 'ada',
        password: 'not-the-password',
      }),
      400,
      'calendar.wrongPassword',
    );
    expect((await user.client.call('ListCalDavAccounts')).accounts).toEqual([]);
    expect(server.logs.join('\n')).not.toContain('not-the-password');
  });

  it('refuses private and non-http servers unless CALDAV_ALLOW_PRIVATE_HOSTS', async () => {
    const strict = await startTestServer();
    try {
      const user = await strict.signUp();
      for (const serverUrl of [
        radicale.url,
        'http://localhost:5232/',
        'http://[::1]/',
        'http://10.1.2.3/',
      ]) {
        await expectRpcError(
          user.client.call('AddCalDavAccount', { serverUrl, username: 'ada', password: 'x' }),
          400,
          'calendar.privateServer',
        );
      }
      await expectRpcError(
        user.client.call('AddCalDavAccount', {
          serverUrl: 'ftp://example.com/',
          username: 'ada',
          password: 'x',
        }),
        400,
        'calendar.invalidServerUrl',
      );
      // A name (not an address) that resolves to a private address is refused at connect time:
      // the machine's own name, which its hosts file maps to loopback without any DNS.
      const name = hostname();
      const addresses = await lookup(name, { all: true });
      expect(addresses.every((a) => isPrivateAddress(a.address))).toBe(true);
      await expectRpcError(
        user.client.call('AddCalDavAccount', {
          serverUrl: `http://${name}:${radicale.port}/`,
          username: 'ada',
          password: passwordOf('ada'),
        }),
        400,
        'calendar.privateServer',
      );
      expect((await user.client.call('ListCalDavAccounts')).accounts).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('reads one-off, all-day and recurring events (EXDATE, a moved occurrence, across the DST change) as busy time, with no duplicates after syncing twice or from a fresh server', async () => {
    await radicale.createCalendar('bea', 'work', { displayName: 'Work' });
    await radicale.putEvent(
      'bea',
      'work',
      'meeting',
      ics(
        vevent({
          UID: 'meeting-1',
          DTSTART: '20260105T100000Z',
          DTEND: '20260105T110000Z',
          SUMMARY: 'Meeting',
        }),
      ),
    );
    await radicale.putEvent(
      'bea',
      'work',
      'holiday',
      ics(
        vevent({
          UID: 'holiday-1',
          'DTSTART;VALUE=DATE': '20260107',
          'DTEND;VALUE=DATE': '20260108',
          SUMMARY: 'Holiday',
        }),
      ),
    );
    await radicale.putEvent('bea', 'work', 'standup', standup(6));
    const user = await signUpPlanner(server, { timezone: 'Europe/Berlin' });
    const account = await addAccount(user, 'bea');
    const work = account.calendars.find((c) => c.title === 'Work');
    await user.client.call('UpdateCalDavAccount', {
      accountId: account.id,
      calendars: [{ id: work?.id ?? '', syncEnabled: true, categoryId: user.categoryId }],
    });
    const first = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    // Meeting, holiday, standup on 22, 24, 25, 26 (moved), 27 Oct (23 Oct excluded).
    expect(first).toMatchObject({ added: 7, updated: 0, removed: 0 });
    const rows = await syncedRows(user.userId);
    expect(
      rows.map((r) => [
        r.sync_key,
        r.title,
        new Date(Number(r.start_ms)).toISOString(),
        new Date(Number(r.end_ms)).toISOString(),
        r.all_day,
      ]),
    ).toEqual([
      ['meeting-1', 'Meeting', '2026-01-05T10:00:00.000Z', '2026-01-05T11:00:00.000Z', 0],
      // Midnight to midnight in the account's zone (Berlin, winter).
      ['holiday-1', 'Holiday', '2026-01-06T23:00:00.000Z', '2026-01-07T23:00:00.000Z', 1],
      [
        'standup-1/2026-10-22T10:00:00',
        'Standup',
        '2026-10-22T08:00:00.000Z',
        '2026-10-22T09:00:00.000Z',
        0,
      ],
      [
        'standup-1/2026-10-24T10:00:00',
        'Standup',
        '2026-10-24T08:00:00.000Z',
        '2026-10-24T09:00:00.000Z',
        0,
      ],
      // 25 October: clocks went back at 03:00, 10:00 is now UTC+1.
      [
        'standup-1/2026-10-25T10:00:00',
        'Standup',
        '2026-10-25T09:00:00.000Z',
        '2026-10-25T10:00:00.000Z',
        0,
      ],
      [
        'standup-1/2026-10-26T10:00:00',
        'Standup (moved)',
        '2026-10-26T13:00:00.000Z',
        '2026-10-26T14:00:00.000Z',
        0,
      ],
      [
        'standup-1/2026-10-27T10:00:00',
        'Standup',
        '2026-10-27T09:00:00.000Z',
        '2026-10-27T10:00:00.000Z',
        0,
      ],
    ]);
    expect(new Set(rows.map((r) => r.category_id))).toEqual(new Set([user.categoryId]));

    // Busy time: a 3-hour task is planned around the meeting.
    const { task } = await user.client.call('PutTask', {
      task: { title: 'Write report', category: { id: user.categoryId }, timeScheduled: 3 * HOUR },
    });
    const timeline = await user.client.call('GetTimeline', {
      start: TEST_NOW,
      end: TEST_NOW + DAY,
      version: 4,
    });
    const spans = timeline.blockContainers.map((c) => [
      c.timeblock?.task?.id ?? c.event?.title,
      c.event?.source ?? '',
      c.timeblock?.start ?? c.event?.start,
      c.timeblock?.end ?? c.event?.end,
    ]);
    expect(spans).toContainEqual(['Meeting', 'caldav', TEST_NOW + HOUR, TEST_NOW + 2 * HOUR]);
    const taskSpans = spans.filter((s) => s[0] === task?.id);
    expect(taskSpans.length).toBeGreaterThan(0);
    for (const [, , start, end] of taskSpans) {
      expect(Number(end) <= TEST_NOW + HOUR || Number(start) >= TEST_NOW + 2 * HOUR).toBe(true);
    }

    // Twice: nothing new (the calendar's ctag did not move), nothing doubled.
    const second = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(second).toMatchObject({ added: 0, updated: 0, removed: 0 });
    // A day later the unchanged calendar is read again in full: still nothing doubled.
    server.clock.set(TEST_NOW + DAY + HOUR);
    const third = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(third).toMatchObject({ added: 0, updated: 0, removed: 0 });
    server.clock.set(TEST_NOW);
    expect(await syncedRows(user.userId)).toHaveLength(7);

    // A fresh server on the same database (a restart) syncs again: no duplicates.
    const restarted = await buildApp({
      config: server.config,
      database: server.database,
      clock: new ManualClock(TEST_NOW + 2 * DAY),
    });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = restarted.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { createClient } = await import('@planner/protocol/client');
      const client = createClient({
        baseUrl: `http://127.0.0.1:${port}/api`,
        getToken: () => user.token,
        timezone: 'UTC',
        retryPolicy: () => ({ retries: 0, delayMs: 0 }),
      });
      const again = await client.call('SyncCalDavAccount', { accountId: account.id });
      expect(again).toMatchObject({ added: 0, updated: 0, removed: 0 });
    } finally {
      await restarted.close().catch(() => undefined);
    }
    expect(await syncedRows(user.userId)).toHaveLength(7);

    // Changed at the server: the meeting moves, the holiday goes, the series is cut to 3.
    await radicale.putEvent(
      'bea',
      'work',
      'meeting',
      ics(
        vevent({
          UID: 'meeting-1',
          DTSTART: '20260105T140000Z',
          DTEND: '20260105T150000Z',
          SUMMARY: 'Meeting',
        }),
      ),
    );
    await radicale.deleteEvent('bea', 'work', 'holiday');
    await radicale.putEvent('bea', 'work', 'standup', standup(3));
    const changed = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    // 22 and 24 stay; 25, 26 (moved) and 27 Oct are past the new COUNT; the holiday goes.
    expect(changed).toMatchObject({ added: 0, updated: 1, removed: 4 });
    expect((await syncedRows(user.userId)).map((r) => [r.sync_key, Number(r.start_ms)])).toEqual([
      ['meeting-1', TEST_NOW + 5 * HOUR],
      ['standup-1/2026-10-22T10:00:00', Date.UTC(2026, 9, 22, 8)],
      ['standup-1/2026-10-24T10:00:00', Date.UTC(2026, 9, 24, 8)],
    ]);

    // Unchosen: its events go at once.
    await user.client.call('UpdateCalDavAccount', {
      accountId: account.id,
      calendars: [{ id: work?.id ?? '', syncEnabled: false }],
    });
    expect(await syncedRows(user.userId)).toEqual([]);
  }, 30_000);

  it('publishes the plan into one calendar with stable UIDs, updates with ETags on a re-plan and removes dropped blocks', async () => {
    await radicale.createCalendar('cem', 'busy', { displayName: 'Busy' });
    await radicale.createCalendar('cem', 'plan', { displayName: 'Plan' });
    const user = await signUpPlanner(server);
    const account = await addAccount(user, 'cem');
    const busy = account.calendars.find((c) => c.title === 'Busy')?.id ?? '';
    const plan = account.calendars.find((c) => c.title === 'Plan')?.id ?? '';
    await expectRpcError(
      user.client.call('UpdateCalDavAccount', {
        accountId: account.id,
        calendars: [{ id: plan, syncEnabled: true, publish: true }],
      }),
      400,
      'calendar.publishIntoBusyCalendar',
    );
    await expectRpcError(
      user.client.call('UpdateCalDavAccount', {
        accountId: account.id,
        calendars: [
          { id: plan, publish: true },
          { id: busy, publish: true },
        ],
      }),
      400,
      'calendar.onePublishCalendar',
    );
    const updated = await user.client.call('UpdateCalDavAccount', {
      accountId: account.id,
      calendars: [
        { id: busy, syncEnabled: true, categoryId: user.categoryId },
        { id: plan, publish: true },
      ],
    });
    expect(updated.account?.calendars.find((c) => c.id === plan)?.publish).toBe(true);

    // Deadlines order the two by the planner's rule (deadline first), not by a tie-break.
    const a = await user.client.call('PutTask', {
      task: {
        title: 'Draft',
        category: { id: user.categoryId },
        timeScheduled: 2 * HOUR,
        deadline: TEST_NOW + 48 * HOUR,
      },
    });
    const b = await user.client.call('PutTask', {
      task: {
        title: 'Review',
        category: { id: user.categoryId },
        timeScheduled: HOUR,
        deadline: TEST_NOW + 72 * HOUR,
      },
    });
    const first = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(first.published).toBeGreaterThanOrEqual(2);
    const published = async () =>
      (await radicale.listObjects('cem', 'plan'))
        .map((o) => ({
          uid: /UID:(.*)\r\n/.exec(o.ics)?.[1] ?? '',
          start: /DTSTART:(.*)\r\n/.exec(o.ics)?.[1] ?? '',
          summary: /SUMMARY:(.*)\r\n/.exec(o.ics)?.[1] ?? '',
          href: o.href,
        }))
        .sort((x, y) => x.start.localeCompare(y.start));
    const before = await published();
    expect(before.map((e) => e.summary)).toEqual(['Draft', 'Review']);
    expect(before.map((e) => e.uid)).toEqual([
      `${a.task?.id}-0@planner`,
      `${b.task?.id}-0@planner`,
    ]);
    expect(before[0]?.start).toBe('20260105T090000Z');
    const etags = await server.database.db
      .selectFrom('caldav_published')
      .select(['uid', 'etag'])
      .where('user_id', '=', user.userId)
      .execute();

    // Twice: nothing written again, nothing doubled.
    const again = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(again).toMatchObject({ published: 0, unpublished: 0 });
    expect(await published()).toHaveLength(2);

    // A busy event at 09:00-10:00 covers Draft's first hour. A re-plan moves only what it must
    // (docs/plan-stability.md): Draft keeps 10:00-11:00, Review stays at 11:00, and Draft's lost
    // hour goes to 12:00 as a second block. The moved UID is updated in place (If-Match with its
    // ETag), the new block gets a UID of its own, and Review is not written again.
    await radicale.putEvent(
      'cem',
      'busy',
      'call',
      ics(
        vevent({
          UID: 'call-1',
          DTSTART: '20260105T090000Z',
          DTEND: '20260105T100000Z',
          SUMMARY: 'Call',
        }),
      ),
    );
    // Someone else touched the published Draft meanwhile: the 412 is answered by re-reading.
    const draft = before[0];
    const draftIcs =
      (await radicale.listObjects('cem', 'plan')).find((o) => o.href === draft?.href)?.ics ?? '';
    await radicale.putEvent(
      'cem',
      'plan',
      (draft?.href ?? '').split('/').pop()?.replace('.ics', '') ?? '',
      draftIcs.replace('SUMMARY:Draft', 'SUMMARY:Draft edited'),
    );
    const moved = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(moved).toMatchObject({ added: 1, published: 2, unpublished: 0 });
    const after = await published();
    expect(after.map((e) => [e.uid, e.start, e.summary])).toEqual([
      [`${a.task?.id}-0@planner`, '20260105T100000Z', 'Draft'],
      [`${b.task?.id}-0@planner`, '20260105T110000Z', 'Review'],
      [`${a.task?.id}-1@planner`, '20260105T120000Z', 'Draft'],
    ]);
    expect(after.slice(0, 2).map((e) => e.href)).toEqual(before.map((e) => e.href));
    const newEtags = await server.database.db
      .selectFrom('caldav_published')
      .select(['uid', 'etag'])
      .where('user_id', '=', user.userId)
      .execute();
    const etagOf = (rows: { uid: string; etag: string }[], uid: string) =>
      rows.find((row) => row.uid === uid)?.etag;
    const draftUid = `${a.task?.id}-0@planner`;
    const reviewUid = `${b.task?.id}-0@planner`;
    expect(etagOf(newEtags, draftUid)).not.toBe(etagOf(etags, draftUid));
    expect(etagOf(newEtags, reviewUid)).toBe(etagOf(etags, reviewUid));
    // Our own events are never read back as busy time.
    expect((await syncedRows(user.userId)).map((r) => r.sync_key)).toEqual(['call-1']);

    // The plan drops a task: its block is removed from the calendar.
    await user.client.call('DeleteTask', { id: b.task?.id ?? '' });
    const dropped = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(dropped).toMatchObject({ unpublished: 1 });
    expect((await published()).map((e) => e.uid)).toEqual([
      `${a.task?.id}-0@planner`,
      `${a.task?.id}-1@planner`,
    ]);

    // Removing the account removes what it published and its busy events.
    await user.client.call('RemoveCalDavAccount', { accountId: account.id });
    expect(await published()).toEqual([]);
    expect(await syncedRows(user.userId)).toEqual([]);
    expect((await user.client.call('ListCalDavAccounts')).accounts).toEqual([]);
  }, 30_000);

  it('a password refused later is recorded, not retried by the periodic pass, and fixed by a new one', async () => {
    await radicale.createCalendar('dan', 'work', { displayName: 'Work' });
    const user = await signUpPlanner(server);
    const account = await addAccount(user, 'dan');
    await server.database.db
      .updateTable('caldav_accounts')
      .set({ password_sealed: SecretBox.fromConfig(server.config).seal('revoked-password') })
      .where('account_id', '=', account.id)
      .execute();
    await expectRpcError(
      user.client.call('SyncCalDavAccount', { accountId: account.id }),
      400,
      'calendar.wrongPassword',
    );
    const [listed] = (await user.client.call('ListCalDavAccounts')).accounts;
    expect(listed?.error).toBe('calendar.wrongPassword');
    const row = await server.database.db
      .selectFrom('caldav_accounts')
      .select(['next_sync_at', 'failures'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.next_sync_at)).toBe(NEVER);
    // The pass over due accounts leaves it alone, however often it runs.
    const deps = {
      db: server.database.db,
      config: server.config,
      realtime: { publish: async () => undefined } as never,
      log: { warn: () => undefined, info: () => undefined },
    };
    await syncDueAccounts(deps, TEST_NOW + 30 * DAY);
    const still = await server.database.db
      .selectFrom('caldav_accounts')
      .select('failures')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(still.failures).toBe(row.failures);
    // A click on sync does not try the server again either.
    await expectRpcError(
      user.client.call('SyncCalDavAccount', { accountId: account.id }),
      400,
      'calendar.wrongPassword',
    );
    // A wrong new password is refused; the right one clears the error.
    await expectRpcError(
      user.client.call('UpdateCalDavAccount', { accountId: account.id, password: 'still-wrong' }),
      400,
      'calendar.wrongPassword',
    );
    const fixed = await user.client.call('UpdateCalDavAccount', {
      accountId: account.id,
      password: passwordOf('dan'),
    });
    expect(fixed.account?.error).toBe('');
    const synced = await user.client.call('SyncCalDavAccount', { accountId: account.id });
    expect(synced.syncedAt).toBe(TEST_NOW);
    expect(server.logs.join('\n')).not.toMatch(/revoked-password|still-wrong|dan-app-password/);
  });

  it('the periodic pass syncs accounts that are due; an unreachable server backs off with calendar.cannotSync', async () => {
    await radicale.createCalendar('eva', 'work', { displayName: 'Work' });
    await radicale.putEvent(
      'eva',
      'work',
      'a',
      ics(
        vevent({
          UID: 'a-1',
          DTSTART: '20260106T100000Z',
          DTEND: '20260106T110000Z',
          SUMMARY: 'A',
        }),
      ),
    );
    const user = await signUpPlanner(server);
    const account = await addAccount(user, 'eva');
    await user.client.call('UpdateCalDavAccount', {
      accountId: account.id,
      calendars: [{ id: account.calendars[0]?.id ?? '', syncEnabled: true }],
    });
    const deps = {
      db: server.database.db,
      config: server.config,
      realtime: { publish: async () => undefined } as never,
      log: { warn: () => undefined, info: () => undefined },
    };
    await syncDueAccounts(deps, TEST_NOW);
    expect((await syncedRows(user.userId)).map((r) => r.sync_key)).toEqual(['a-1']);
    const [listed] = (await user.client.call('ListCalDavAccounts')).accounts;
    expect(listed?.lastSyncedAt).toBe(TEST_NOW);

    // The server goes away: the account says so and waits longer each time.
    await server.database.db
      .updateTable('caldav_accounts')
      .set({ server_url: 'http://127.0.0.1:9/' })
      .where('account_id', '=', account.id)
      .execute();
    const interval = server.config.calendarSyncIntervalMs;
    await syncDueAccounts(deps, TEST_NOW + interval);
    const one = await server.database.db
      .selectFrom('caldav_accounts')
      .select(['error', 'next_sync_at'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(one.error).toBe('calendar.cannotSync');
    expect(Number(one.next_sync_at)).toBe(TEST_NOW + interval + 2 * interval);
    await syncDueAccounts(deps, Number(one.next_sync_at));
    const two = await server.database.db
      .selectFrom('caldav_accounts')
      .select(['next_sync_at'])
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Number(two.next_sync_at) - Number(one.next_sync_at)).toBe(4 * interval);
    // The busy time read before stays.
    expect(await syncedRows(user.userId)).toHaveLength(1);
  });

  it("keeps users apart: another user's account id is not found", async () => {
    await radicale.createCalendar('fay', 'work', { displayName: 'Work' });
    const owner = await signUpPlanner(server);
    const other = await signUpPlanner(server);
    const account = await addAccount(owner, 'fay');
    const calls = [
      () => other.client.call('SyncCalDavAccount', { accountId: account.id }),
      () => other.client.call('RemoveCalDavAccount', { accountId: account.id }),
      () => other.client.call('UpdateCalDavAccount', { accountId: account.id, calendars: [] }),
    ];
    for (const call of calls) await expectRpcError(call(), 404);
    expect((await other.client.call('ListCalDavAccounts')).accounts).toEqual([]);
    expect((await owner.client.call('ListCalDavAccounts')).accounts).toHaveLength(1);
  });
});
