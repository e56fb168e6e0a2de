/**
 * The guard of docs/running-in-production.md, "Statements and round trips per call": every call
 * of the mixed load sends at most its declared number of statements (SQLite and PostgreSQL) and
 * round trips (PostgreSQL). Counted, not timed: a statement added to a hot call fails here.
 *
 * SQLite's statements are counted by a Kysely plugin (every statement runs alone there). On
 * PostgreSQL the app talks to the database through a TCP relay in this file that reads the wire
 * protocol: a statement is a Bind or a simple Query message, a round trip is a burst the client
 * sends after the database last answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@planner/core';
import { createClient, type Client } from '@planner/protocol/client';
import { buildApp } from '../app';
import { ManualClock } from '../clock';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { STRONG_PASSWORD, TEST_NOW } from '../testing/test-server';

interface Budget {
  /** Statements per call on SQLite, at most. */
  sqlite: number;
  /** Statements per call on PostgreSQL (BEGIN and COMMIT included), at most. */
  postgres: number;
  /** Round trips per call on PostgreSQL (BEGIN and COMMIT included), at most. */
  roundTrips: number;
}

/**
 * The declared counts (docs/running-in-production.md lists the same). GetTimelineState is the
 * 5-second poll as it usually runs, after another poll; the first poll after a change reads the
 * timeline (GetTimeline's statements).
 */
const BUDGETS: Record<string, Budget> = {
  GetTimelineState: { sqlite: 1, postgres: 1, roundTrips: 1 },
  GetTimeline: { sqlite: 8, postgres: 8, roundTrips: 3 },
  GetTasks: { sqlite: 4, postgres: 4, roundTrips: 2 },
  PutTask: { sqlite: 5, postgres: 7, roundTrips: 3 },
  Next: { sqlite: 5, postgres: 8, roundTrips: 3 },
  Pause: { sqlite: 5, postgres: 8, roundTrips: 3 },
  SetTimelineState: { sqlite: 4, postgres: 7, roundTrips: 3 },
  CreateEvent: { sqlite: 5, postgres: 7, roundTrips: 3 },
};

const onPostgres = process.env.DATABASE_URL !== undefined;

/** What the relay saw on the PostgreSQL wire. */
const wire = { statements: 0, roundTrips: 0 };

/**
 * Reads the client's side of one connection: after the startup message (no type byte), every
 * message is a type byte and a 4-byte length that counts itself. SSLRequest and
 * GSSENCRequest also come without a type byte, before the startup message.
 */
function frontendReader(): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        // 80877103 SSLRequest, 80877104 GSSENCRequest: the startup message is still to come.
        started = code !== 80877103 && code !== 80877104;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = String.fromCharCode(pending[0] ?? 0);
      if (type === 'B' || type === 'Q') wire.statements += 1;
      pending = pending.subarray(1 + length);
    }
  };
}

/** A TCP relay to the database that counts statements and round trips on the way. */
async function startRelay(target: URL): Promise<Server> {
  const relay = createServer((client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const read = frontendReader();
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) wire.roundTrips += 1;
      answered = false;
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      answered = true;
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return relay;
}

let sqliteStatements = 0;
/** On SQLite, the SQL of every statement the app built, for their query plans. */
const statementTexts = new Set<string>();
const statementCounter: KyselyPlugin = {
  transformQuery: (args) => {
    if (!onPostgres) {
      statementTexts.add(database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
    }
    return args.node;
  },
  transformResult: (args) => {
    sqliteStatements += 1;
    return Promise.resolve(args.result);
  },
};

const counted = () => (onPostgres ? { ...wire } : { statements: sqliteStatements, roundTrips: 0 });

let relay: Server | undefined;
let database: Database;
let app: FastifyInstance;
let dataDir: string;
let baseUrl: string;
let calls: [string, () => Promise<unknown>][];

async function signUp(email: string): Promise<{ client: Client; categoryId: string }> {
  const anonymous = createClient({ baseUrl, timezone: 'UTC' });
  const { authToken } = await anonymous.call('CreateUser', { email, password: STRONG_PASSWORD });
  const client = createClient({ baseUrl, getToken: () => authToken, timezone: 'UTC' });
  const { categories } = await client.call('GetCategories');
  return { client, categoryId: categories[0]?.id ?? '' };
}

beforeAll(async () => {
  // On PostgreSQL the database is reached through a relay that counts round trips; the other
  // files of this worker keep DATABASE_URL as it is.
  let relayUrl: string | undefined;
  if (onPostgres) {
    const url = new URL(process.env.DATABASE_URL ?? '');
    relay = await startRelay(new URL(url));
    const address = relay.address();
    url.hostname = '127.0.0.1';
    url.port = String(typeof address === 'object' && address ? address.port : 0);
    relayUrl = url.toString();
  }
  database = await createTestDatabase({ url: relayUrl });
  dataDir = mkdtempSync(join(tmpdir(), 'planner-round-trips-'));
  app = await buildApp({
    config: {
      ...loadConfig({}),
      dataDir,
      logLevel: 'error',
      rateLimits: {},
      webDist: join(dataDir, 'none'),
    },
    database: { ...database, db: database.db.withPlugin(statementCounter) },
    clock: new ManualClock(TEST_NOW),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

  const { client: c, categoryId } = await signUp('rounds@example.com');
  // Signing in, and a friend signing up with the referral code: their statements' plans are
  // checked with the calls'.
  const { user } = await c.call('GetUserProfile');
  const { client: friend } = await signUp('friend@example.com');
  await friend.call('ValidateReferralCode', { code: user?.referralCode ?? '' });
  await friend.call('AddReferral', { code: user?.referralCode ?? '' });
  await createClient({ baseUrl, timezone: 'UTC' }).call('CreateSession', {
    email: 'rounds@example.com',
    password: STRONG_PASSWORD,
  });
  const tasks: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const { task } = await c.call('PutTask', {
      task: {
        title: `Task ${i}`,
        category: { id: categoryId },
        timeScheduled: (1 + (i % 3)) * HOUR_MS,
      },
    });
    tasks.push(task?.id ?? '');
  }
  let edit = 0;
  let autoExtend = false;
  calls = [
    ['GetTimelineState', () => c.call('GetTimelineState')],
    [
      'GetTimeline',
      () =>
        c.call('GetTimeline', { start: TEST_NOW - DAY_MS, end: TEST_NOW + 7 * DAY_MS, version: 4 }),
    ],
    ['GetTasks', () => c.call('GetTasks', { status: 'todo' })],
    [
      'PutTask',
      () =>
        c.call('PutTask', {
          task: { id: tasks[1], title: `Edited ${(edit += 1)}` },
          fields: ['title'],
        }),
    ],
    ['Next', () => c.call('Next')],
    ['Pause', () => c.call('Pause')],
    [
      'SetTimelineState',
      () => c.call('SetTimelineState', { autoExtend: (autoExtend = !autoExtend) }),
    ],
    [
      'CreateEvent',
      () =>
        c.call('CreateEvent', {
          event: {
            title: 'Call',
            start: TEST_NOW + 2 * DAY_MS,
            end: TEST_NOW + 2 * DAY_MS + HOUR_MS,
            category: { id: categoryId },
          },
        }),
    ],
  ];
  // Every statement has been prepared once on its connections before counting.
  for (let round = 0; round < 4; round += 1) for (const [, call] of calls) await call();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  relay?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`statements and round trips per call (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stays within every method’s declared count', async () => {
    const seen: Record<string, { statements: number; roundTrips: number }> = {};
    for (let round = 0; round < 6; round += 1) {
      for (const [name, call] of calls) {
        // The poll is counted as it usually runs: after another poll, not after a change.
        if (name === 'GetTimelineState') await call();
        const before = counted();
        await call();
        const after = counted();
        const most = seen[name] ?? { statements: 0, roundTrips: 0 };
        seen[name] = {
          statements: Math.max(most.statements, after.statements - before.statements),
          roundTrips: Math.max(most.roundTrips, after.roundTrips - before.roundTrips),
        };
      }
    }
    const over = Object.entries(BUDGETS).flatMap(([name, budget]) => {
      const used = seen[name] ?? { statements: Infinity, roundTrips: Infinity };
      const statements = onPostgres ? budget.postgres : budget.sqlite;
      return [
        ...(used.statements > statements
          ? [`${name}: ${used.statements} statements, declared ${statements}`]
          : []),
        ...(onPostgres && used.roundTrips > budget.roundTrips
          ? [`${name}: ${used.roundTrips} round trips, declared ${budget.roundTrips}`]
          : []),
      ];
    });
    expect(over).toEqual([]);
  });
});

/**
 * A full scan, or a search led by a column no caller holds (the subscriptions of every account
 * that are active, say), costs nothing on a test's few rows and grows with every account on a
 * real server: 3.4 ms a call with 20,000 subscribers. SQLite's plan of every statement seen
 * above must find its rows by a key (docs/running-in-production.md, "Every statement finds its
 * rows by a key"). PostgreSQL plans by its statistics, so a test's tiny tables tell nothing there.
 */
const KEYS = ['user_id', 'referrer_id', 'token_hash', 'email', 'referral_code'];

describe.skipIf(onPostgres)('query plans (SQLite)', () => {
  it('finds the rows of every statement of these calls by a key', async () => {
    expect(statementTexts.size).toBeGreaterThan(20);
    const unkeyed: string[] = [];
    for (const text of statementTexts) {
      const parameters = [...text.matchAll(/\?/g)].map(() => null);
      const { rows } = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, parameters),
      );
      for (const { detail } of rows) {
        const scan = /^SCAN (?!json_each|CONSTANT ROW|\d+-ROW VALUES)/.test(detail);
        // A primary key or a unique constraint (SQLite's autoindexes) is a key; an index of
        // ours must be led by one of KEYS.
        const search = /^SEARCH \S+ USING (?:COVERING )?INDEX (\S+) \((\w+)=\?/.exec(detail);
        const unkeyedSearch =
          search !== null &&
          !search[1]?.startsWith('sqlite_autoindex_') &&
          !KEYS.includes(search[2] ?? '');
        // An index SQLite builds on every run (a join on a derived table): the sum of time spent
        // over all the user's past blocks was one, 2 ms a call after a year of use.
        const automatic = detail.includes('AUTOMATIC');
        if (scan || unkeyedSearch || automatic)
          unkeyed.push(`${detail}\n  in: ${text.slice(0, 160)}`);
      }
    }
    expect(unkeyed).toEqual([]);
  });
});
