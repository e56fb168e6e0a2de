/**
 * Google Calendar sync cost for a calendar of 1,000 occurrences (900 single events, 5 weekly
 * series of 20): the first (full) sync, a sync with nothing changed, a sync with 10 changes
 * (4 changed, 3 deleted, 3 added), and a full listing after Google expired the sync token.
 * Real HTTP to the fake Calendar API and to a real OpenID provider (token refresh), a real
 * database; SQLite, and PostgreSQL when DATABASE_URL or BENCH_DATABASE_URL is set. Each line
 * splits Google's side (refresh + listing over loopback) from the database write.
 *
 * Standalone: `node --import tsx packages/server/bench/calendar-sync.bench.ts`.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SecretBox } from '../src/calendar-sync/secret-box';
import type { CalendarPopupMessage } from '../src/google-calendar/google-calendar-routes';
import * as repo from '../src/google-calendar/google-calendar-repository';
import {
  applyGoogleChanges,
  fetchGoogleChanges,
} from '../src/google-calendar/google-calendar-sync';
import {
  introspectAt,
  startFakeGoogleCalendar,
  type FakeGoogleCalendar,
} from '../src/google-calendar/testing/fake-google-calendar';
import { drivePopup } from '../src/social-sign-in/testing/popup-driver';
import {
  startOidcTestProvider,
  type OidcTestProvider,
} from '../src/social-sign-in/testing/oidc-test-provider';
import { startTestServer, TEST_NOW, type TestServer } from '../src/testing/test-server';

const PUBLIC_URL = 'http://planner.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/google-calendar/callback`;
const RUNS = 5;

interface Timing {
  fetchMs: number;
  writeMs: number;
  added: number;
  updated: number;
  removed: number;
}

async function syncOnce(server: TestServer, userId: string, now: number): Promise<Timing> {
  const db = server.database.db;
  const grant = await repo.getGrant(db, userId);
  if (!grant) throw new Error('no grant');
  const entries = await repo.listEntries(db, userId);
  const t0 = performance.now();
  const fetched = await fetchGoogleChanges(server.config, grant, entries, now);
  const t1 = performance.now();
  const box = SecretBox.fromConfig(server.config);
  const applied = await db
    .transaction()
    .execute((trx) => applyGoogleChanges(trx, userId, fetched, now, box));
  const t2 = performance.now();
  return { fetchMs: t1 - t0, writeMs: t2 - t1, ...applied };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

function line(database: string, what: string, timings: Timing[]): void {
  const fetchMs = median(timings.map((t) => t.fetchMs));
  const writeMs = median(timings.map((t) => t.writeMs));
  const last = timings.at(-1);
  console.log(
    `Calendar sync ${database}, ${what}: ${(fetchMs + writeMs).toFixed(0)} ms ` +
      `(Google ${fetchMs.toFixed(0)} ms, database ${writeMs.toFixed(0)} ms; ` +
      `+${last?.added} ~${last?.updated} -${last?.removed}; median of ${timings.length}; ` +
      `load ${loadavg()[0]?.toFixed(2)})`,
  );
}

async function benchOne(
  database: string,
  google: OidcTestProvider,
  calendar: FakeGoogleCalendar,
): Promise<void> {
  const server = await startTestServer({
    config: {
      publicUrl: PUBLIC_URL,
      google: {
        issuer: google.issuer,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
      },
      googleCalendarApiUrl: calendar.apiUrl,
      logLevel: 'error',
    },
  });
  try {
    const user = await server.signUp();
    const login = `bench-${randomBytes(4).toString('hex')}`;
    const primary = calendar.primaryCalendarId(login);
    const singles: string[] = [];
    for (let i = 0; i < 900; i++) {
      const start = TEST_NOW + (i - 100) * 7 * 3_600_000;
      singles.push(
        calendar.addEvent(login, primary, {
          summary: `Meeting ${i}`,
          start: { dateTime: new Date(start).toISOString() },
          end: { dateTime: new Date(start + 3_600_000).toISOString() },
        }).id,
      );
    }
    for (let s = 0; s < 5; s++) {
      calendar.addSeries(login, primary, {
        summary: `Series ${s}`,
        start: {
          dateTime: new Date(TEST_NOW + s * 86_400_000).toISOString(),
          timeZone: 'Europe/Berlin',
        },
        end: { dateTime: new Date(TEST_NOW + s * 86_400_000 + 1_800_000).toISOString() },
        frequency: 'WEEKLY',
        count: 20,
      });
    }
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
    const { options } = await user.client.call('GetGoogleCalendarSyncOptions', {});
    await user.client.call('UpdateGoogleCalendarSyncOptions', {
      options: { syncEnabled: true, entryOptions: options?.entryOptions ?? [] },
    });

    const now = TEST_NOW;
    const full = await syncOnce(server, user.userId, now);
    if (full.added !== 1000) throw new Error(`expected 1,000 added, got ${full.added}`);
    line(database, 'first sync of 1,000 occurrences (full)', [full]);

    const unchanged: Timing[] = [];
    for (let r = 0; r < RUNS; r++) unchanged.push(await syncOnce(server, user.userId, now));
    line(database, 'nothing changed (incremental)', unchanged);

    const changed: Timing[] = [];
    for (let r = 0; r < RUNS; r++) {
      const base = r * 10;
      for (let i = 0; i < 4; i++) {
        calendar.changeEvent(login, primary, singles[base + i] ?? '', {
          summary: `Moved ${r}-${i}`,
        });
      }
      for (let i = 4; i < 7; i++) calendar.deleteEvent(login, primary, singles[base + i] ?? '');
      for (let i = 0; i < 3; i++) {
        const start = TEST_NOW + (r * 3 + i) * 86_400_000 + 43_200_000;
        calendar.addEvent(login, primary, {
          summary: `New ${r}-${i}`,
          start: { dateTime: new Date(start).toISOString() },
          end: { dateTime: new Date(start + 3_600_000).toISOString() },
        });
      }
      changed.push(await syncOnce(server, user.userId, now));
    }
    line(database, '10 changes (incremental)', changed);

    const relisted: Timing[] = [];
    for (let r = 0; r < RUNS; r++) {
      calendar.expireSyncTokens();
      relisted.push(await syncOnce(server, user.userId, now));
    }
    line(database, 'sync token expired (410, full listing, nothing to write)', relisted);
  } finally {
    await server.close();
  }
}

export async function benchCalendarSync(): Promise<void> {
  const google = await startOidcTestProvider({ redirectUris: [CALLBACK] });
  const calendar = await startFakeGoogleCalendar({ checkToken: introspectAt(google) });
  const { DATABASE_URL: url } = process.env;
  const postgres = process.env.BENCH_DATABASE_URL ?? url;
  try {
    delete process.env.DATABASE_URL;
    await benchOne('SQLite', google, calendar);
    if (postgres) {
      process.env.DATABASE_URL = postgres;
      await benchOne('PostgreSQL', google, calendar);
    } else {
      console.log('Calendar sync on PostgreSQL: skipped (set DATABASE_URL or BENCH_DATABASE_URL)');
    }
  } finally {
    if (url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = url;
    await Promise.all([calendar.close(), google.close()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCalendarSync();
