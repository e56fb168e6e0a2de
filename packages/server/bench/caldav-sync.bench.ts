/**
 * CalDAV sync cost for a calendar of 1,000 events on a real Radicale: the first sync, a sync with
 * nothing changed at the server (its change tag holds), and a sync after one event changed (the
 * whole calendar is read and compared, one row written). SQLite, and PostgreSQL when DATABASE_URL
 * or BENCH_DATABASE_URL is set. Radicale takes the 1,000 events as one upload of the collection.
 *
 * Standalone: `node --import tsx packages/server/bench/caldav-sync.bench.ts`.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startRadicale, type RadicaleServer } from '../src/testing/radicale';
import { startTestServer, TEST_NOW } from '../src/testing/test-server';

const EVENTS = 1_000;
const HOUR = 3_600_000;
const USER = 'bench';
const PASSWORD = 'bench-app-password';

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

function calendarText(changedTitle = 'Meeting 0'): string {
  const events: string[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    // Spread over the next 100 days, 10 a day from 08:00 UTC.
    const start = TEST_NOW + Math.floor(i / 10) * 24 * HOUR + (i % 10) * HOUR - HOUR;
    events.push(
      [
        'BEGIN:VEVENT',
        `UID:bench-${i}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start + 45 * 60_000)}`,
        `SUMMARY:${i === 0 ? changedTitle : `Meeting ${i}`}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
  }
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//EN',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function upload(radicale: RadicaleServer, text: string): Promise<void> {
  const response = await fetch(radicale.calendarUrl(USER, 'work'), {
    method: 'PUT',
    headers: {
      authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
      'content-type': 'text/calendar; charset=utf-8',
    },
    body: text,
  });
  if (response.status >= 300) throw new Error(`Radicale upload: ${response.status}`);
}

/**
 * Radicale alone: the calendar's change tag and sync token, which Radicale recomputes over every
 * item after a collection was replaced (seconds for 1,000 items) — its own cost, kept out of ours.
 */
async function readVersion(radicale: RadicaleServer): Promise<void> {
  const response = await fetch(radicale.calendarUrl(USER, 'work'), {
    method: 'PROPFIND',
    headers: {
      authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
      'content-type': 'application/xml; charset=utf-8',
      depth: '0',
    },
    body:
      '<?xml version="1.0" encoding="utf-8"?>' +
      '<D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/">' +
      '<D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>',
  });
  await response.text();
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function benchOne(database: string, radicale: RadicaleServer): Promise<void> {
  const server = await startTestServer({ config: { caldavAllowPrivateHosts: true } });
  try {
    const user = await server.signUp();
    const { account } = await user.client.call('AddCalDavAccount', {
      serverUrl: radicale.url,
      username: USER,
      password: PASSWORD,
    });
    const accountId = account?.id ?? '';
    // The only calendar (the upload replaced the collection, its name too).
    const work = account?.calendars[0]?.id ?? '';
    const categoryId = (await user.client.call('GetCategories')).categories[0]?.id ?? '';
    await user.client.call('UpdateCalDavAccount', {
      accountId,
      calendars: [{ id: work, syncEnabled: true, categoryId }],
    });
    const first = await timed(() => user.client.call('SyncCalDavAccount', { accountId }));
    const same = await timed(() => user.client.call('SyncCalDavAccount', { accountId }));
    await upload(radicale, calendarText('Meeting 0 moved'));
    const radicaleOnly = await timed(() => readVersion(radicale));
    const radicaleAgain = await timed(() => readVersion(radicale));
    const one = await timed(() => user.client.call('SyncCalDavAccount', { accountId }));
    const load = loadavg()[0]?.toFixed(1);
    const line = (name: string, r: { ms: number; value: { added: number; updated: number } }) =>
      console.log(
        `CalDAV sync, ${EVENTS} events, ${database}, ${name}: ${r.ms.toFixed(0)} ms ` +
          `(added ${r.value.added}, updated ${r.value.updated}; load ${load})`,
      );
    line('first sync', first);
    line('nothing changed', same);
    line('one event changed', one);
    console.log(
      `  (Radicale alone, the change tag and sync token of ${EVENTS} events: ${radicaleOnly.ms.toFixed(0)} ms ` +
        `after the upload, ${radicaleAgain.ms.toFixed(0)} ms again)`,
    );
  } finally {
    await server.close();
  }
}

export async function benchCalDavSync(): Promise<void> {
  const radicale = await startRadicale({ users: { [USER]: PASSWORD } });
  const { DATABASE_URL: url } = process.env;
  const postgres = process.env.BENCH_DATABASE_URL ?? url;
  try {
    await radicale.createCalendar(USER, 'work', { displayName: 'Work' });
    await upload(radicale, calendarText());
    await readVersion(radicale);
    delete process.env.DATABASE_URL;
    await benchOne('SQLite', radicale);
    await upload(radicale, calendarText());
    await readVersion(radicale);
    if (postgres) {
      process.env.DATABASE_URL = postgres;
      await benchOne('PostgreSQL', radicale);
    } else {
      console.log('CalDAV sync on PostgreSQL: skipped (set DATABASE_URL or BENCH_DATABASE_URL)');
    }
  } finally {
    if (url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = url;
    await radicale.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCalDavSync();
