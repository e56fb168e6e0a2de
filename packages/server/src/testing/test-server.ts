import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client, type ClientOptions } from '@planner/protocol/client';
import { updatePremiumLevel } from '../accounts/accounts-repository';
import { buildApp } from '../app';
import { ManualClock } from '../clock';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { outboxDir } from '../mail/mailer';

/** Monday 5 January 2026, 09:00 UTC: the default "now" of every test server. */
export const TEST_NOW = Date.UTC(2026, 0, 5, 9, 0);
/** Scores 100 on the spec's password meter. */
export const STRONG_PASSWORD = 'correct horse battery staple 42';

export interface TestServerOptions {
  now?: number;
  /** Config fields to override (rateLimits is empty, i.e. unlimited, unless given). */
  config?: Partial<Config>;
}

export interface SignedUpUser {
  userId: string;
  email: string;
  password: string;
  token: string;
  /** A typed client carrying this user's token. */
  client: Client;
}

interface OutboxMail {
  file: string;
  to: string;
  raw: string;
  /** The first http(s) link in the mail. */
  link: string | undefined;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** Every log line the server wrote (JSON strings), to assert on redaction. */
  logs: string[];
  /** A typed binary client; network retries off so failures surface at once. */
  client(token?: string, options?: Partial<ClientOptions>): Client;
  /** A new account with its own typed client; `premiumLevel` 1 or 2 makes it a paying tier. */
  signUp(overrides?: SignUpOverrides): Promise<SignedUpUser>;
  /** Changes a user's tier (0 free, 1 premium, 2 unlimited). */
  setPremiumLevel(userId: string, level: number): Promise<void>;
  /** A raw POST to /api/{method}, for tests of the wire itself. */
  post(
    method: string,
    body: string | Uint8Array,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** POST JSON and read JSON back. */
  postJson(method: string, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
  /** Waits (briefly) for the mails sent to `to`, oldest first. */
  mailsTo(to: string, count?: number): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export interface SignUpOverrides {
  email?: string;
  password?: string;
  locale?: string;
  premiumLevel?: number;
  /** The device's zone at sign-up, which becomes the account's (default UTC). */
  timezone?: string;
}

interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

let userCounter = 0;

export { rpcError } from './rpc-error';

/**
 * The real server on a free port with a fresh database (SQLite file, or a fresh PostgreSQL
 * schema when DATABASE_URL is set), a manual clock and the mail outbox in a temp folder.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planner-server-'));
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    dataDir,
    publicUrl: 'http://planner.test',
    rateLimits: {},
    webDist: join(dataDir, 'no-web-app'),
    ...options.config,
  };
  const database = await createTestDatabase();
  const clock = new ManualClock(options.now ?? TEST_NOW);
  const logs: string[] = [];
  const app = await buildApp({
    config,
    database,
    clock,
    logStream: { write: (line) => void logs.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  const client = (token?: string, extra: Partial<ClientOptions> = {}): Client =>
    createClient({
      baseUrl: `${url}/api`,
      getToken: () => token,
      timezone: 'UTC',
      retryPolicy: () => ({ retries: 0, delayMs: 0 }),
      ...extra,
    });

  const post = (method: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf', ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  const server: TestServer = {
    url,
    app,
    clock,
    database,
    config,
    logs,
    client,
    post,
    async postJson(method, body, headers = {}) {
      const response = await post(method, JSON.stringify(body), {
        'content-type': 'application/json',
        ...headers,
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : {},
      };
    },
    async signUp(overrides = {}) {
      userCounter += 1;
      const email =
        overrides.email ??
        `user${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = overrides.password ?? STRONG_PASSWORD;
      const signUpClient = overrides.timezone
        ? client(undefined, { timezone: overrides.timezone })
        : client();
      const { authToken } = await signUpClient.call('CreateUser', {
        email,
        password,
        options: { locale: overrides.locale ?? 'en' },
      });
      const authed = client(authToken);
      const profile = await authed.call('GetUserProfile');
      const userId = profile.user?.id ?? '';
      if (overrides.premiumLevel)
        await updatePremiumLevel(database.db, userId, overrides.premiumLevel);
      return { userId, email, password, token: authToken, client: authed };
    },
    setPremiumLevel: (userId, level) => updatePremiumLevel(database.db, userId, level),
    mailsTo: (to, count = 1) => waitForMails(outboxDir(dataDir), to, count),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

async function readMails(dir: string, to: string): Promise<OutboxMail[]> {
  const files = await readdir(dir).catch(() => []);
  const mine = files.filter((f) => f.endsWith(`-${to}.eml`) || f.includes(`-${to}-`)).sort();
  return Promise.all(
    mine.map(async (file) => {
      const raw = await readFile(join(dir, file), 'utf8');
      return { file, to, raw, link: /https?:\/\/\S+/.exec(decodeQuotedPrintable(raw))?.[0] };
    }),
  );
}

/** nodemailer writes text parts quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Mail goes out after the transaction commits, a moment after the answer. */
async function waitForMails(dir: string, to: string, count: number): Promise<OutboxMail[]> {
  for (let waited = 0; ; waited += 20) {
    const mails = await readMails(dir, to);
    if (mails.length >= count || waited > 3000) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
