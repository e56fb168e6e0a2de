import { generateKeyPairSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  REPO_ROOT,
  DEFAULT_SIGN_IN_DELAY,
} from './config';

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:8080, ./data under the repository, SQLite, outbox mail', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://127.0.0.1:8080',
      logLevel: 'info',
      rateLimits: DEFAULT_RATE_LIMITS,
      signInDelay: DEFAULT_SIGN_IN_DELAY,
      trustProxy: false,
      testClock: false,
      workers: 1,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/planner',
      DATABASE_URL: 'postgres://u@db:5432/planner',
      SMTP_URL: 'smtps://u:p@mail.example.com',
      MAIL_FROM: 'Planner <hi@example.com>',
      PUBLIC_URL: 'https://planner.example.com/',
      LOG_LEVEL: 'WARN',
      RATE_LIMITS: 'off',
      PLANNER_TEST_CLOCK: '1',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,::1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/planner',
      publicUrl: 'https://planner.example.com',
      logLevel: 'warn',
      rateLimits: {},
      signInDelay: undefined,
      trustProxy: ['10.0.0.0/8', '127.0.0.1', 'loopback', '::1'],
      testClock: true,
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8']);
    // Trusting every peer would let any client choose the address its limits count against.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be.*"true"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('reads WORKERS on PostgreSQL and refuses more than one process on SQLite', () => {
    const postgres = 'postgres://u@db:5432/planner';
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: postgres }).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto', DATABASE_URL: postgres }).workers).toBe(
      Math.min(availableParallelism(), 64),
    );
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS=2 needs PostgreSQL/);
    expect(() =>
      loadConfig({ WORKERS: '2', DATABASE_URL: postgres, PLANNER_TEST_CLOCK: '1' }),
    ).toThrow(/PLANNER_TEST_CLOCK=1 needs one process/);
    for (const bad of ['0', '1.5', 'two', '65']) {
      expect(() => loadConfig({ WORKERS: bad, DATABASE_URL: postgres })).toThrow(
        `WORKERS must be auto or a whole number from 1 to 64, got "${bad}"`,
      );
    }
  });

  it('turns Google and Facebook sign-in on with a client id, at the providers by default', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(loadConfig({}).facebook).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 's',
    });
    expect(loadConfig({ FACEBOOK_CLIENT_ID: '123' }).facebook).toMatchObject({
      clientId: '123',
      dialogUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
      graphUrl: 'https://graph.facebook.com/v19.0',
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_ISSUER: 'accounts' })).toThrow(
      /GOOGLE_ISSUER must be an http\(s\) URL/,
    );
  });

  it('lists every problem in one clear message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'mail.example.com',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PORT must be.*DATABASE_URL must be.*SMTP_URL must be.*LOG_LEVEL must be/,
    );
  });

  it('reads APNs for iOS devices: all four settings or none, the key checked and never quoted', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const apns = {
      APNS_KEY: pem.replace(/\n/g, '\\n'),
      APNS_KEY_ID: 'ABC123DEFG',
      APNS_TEAM_ID: 'DEF123GHIJ',
      APNS_TOPIC: 'app.planner.ios',
    };
    expect(loadConfig({}).apns).toBeUndefined();
    expect(loadConfig(apns).apns).toEqual({
      url: 'https://api.push.apple.com',
      privateKey: pem,
      keyId: 'ABC123DEFG',
      teamId: 'DEF123GHIJ',
      topic: 'app.planner.ios',
    });
    expect(loadConfig({ ...apns, APNS_URL: 'http://127.0.0.1:9/' }).apns?.url).toBe(
      'http://127.0.0.1:9',
    );
    expect(() => loadConfig({ APNS_KEY_ID: 'ABC123DEFG' })).toThrow(
      /APNs needs APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC together; missing APNS_KEY, APNS_TEAM_ID, APNS_TOPIC/,
    );
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const rsaPem = rsa.export({ type: 'pkcs8', format: 'pem' }).toString();
    const attempt = () =>
      loadConfig({
        ...apns,
        APNS_KEY: rsaPem,
        APNS_KEY_ID: 'short',
        APNS_TEAM_ID: 'team id!',
        APNS_TOPIC: 'planner',
        APNS_URL: 'ftp://apple',
      });
    expect(attempt).toThrow(
      /APNS_KEY must be .*APNS_KEY_ID must be .*APNS_TEAM_ID must be .*APNS_TOPIC must be .*APNS_URL must be/,
    );
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('PRIVATE KEY');
  });
});
