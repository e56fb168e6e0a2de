import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RateLimitRules } from './rpc/rate-limit';

/** How wrong passwords for one account slow down the next sign-ins to it. */
export interface SignInDelayRule {
  /** Wrong passwords in a row that cost nothing (typos). */
  freeFailures: number;
  /** The pause after the first failure beyond the free ones; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The count starts over this long after the first wrong password of a run. */
  windowSec: number;
}

export const DEFAULT_SIGN_IN_DELAY: SignInDelayRule = {
  freeFailures: 5,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
  windowSec: 15 * 60,
};

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds the SQLite file and the mail outbox. */
  dataDir: string;
  /** PostgreSQL when set; otherwise SQLite in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people reach the app (links in e-mails); defaults to http://HOST:PORT. */
  publicUrl: string;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  rateLimits: RateLimitRules;
  /** Wrong passwords slow down an account's next sign-ins (off with RATE_LIMITS=off). */
  signInDelay: SignInDelayRule | undefined;
  /**
   * Which peers may tell the client's address in X-Forwarded-For (Fastify's trustProxy):
   * false, a hop count, or addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
   */
  trustProxy: false | number | string[];
  /** A request (headers and body) must arrive within this; a trickling one is cut off. */
  requestTimeoutMs: number;
  /** A connection silent this long is closed (live streams send a comment every 25 s). */
  connectionTimeoutMs: number;
  maxStreamsPerUser: number;
  /** A comment on every live stream this often (STREAM_HEARTBEAT_SECONDS, default 25). */
  streamHeartbeatMs: number;
  /** METRICS_TOKEN: /metrics answers Prometheus' format to this bearer token; unset: off. */
  metricsToken: string | undefined;
  /**
   * DRAIN_SECONDS: on SIGTERM, /readyz says not ready this long before the node stops accepting,
   * so a load balancer moves new calls elsewhere first (default 0: one node, nothing to wait for).
   */
  drainMs: number;
  /** NODE_NAME: answered as `x-served-by` on every answer, to tell nodes apart behind a balancer. */
  nodeName: string | undefined;
  /** Exposes the test-only clock control methods (PLANNER_TEST_CLOCK=1). */
  testClock: boolean;
  /** The built web app, served with an SPA fallback when it exists. */
  webDist: string;
  /** Server processes sharing the port (node cluster); above 1 only on PostgreSQL. */
  workers: number;
  /** Where feedback is mailed (FEEDBACK_TO); unset: feedback is stored only. */
  feedbackTo: string | undefined;
  /** The items GetCloudConfig answers (CLOUD_CONFIG: a JSON object of field to string value). */
  cloudConfig: Readonly<Record<string, string>>;
  /** A header a trusted proxy sets to the client's region, e.g. cf-ipcountry (REGION_HEADER). */
  regionHeader: string | undefined;
  /**
   * Google sign-in (OpenID Connect), shown only when set (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET;
   * GOOGLE_ISSUER defaults to Google's, tests point it at a local provider).
   */
  google: OAuthClientConfig | undefined;
  /**
   * Facebook sign-in, shown only when set (FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET);
   * FACEBOOK_DIALOG_URL and FACEBOOK_GRAPH_URL move its HTTP edge (tests point them at a fake).
   */
  facebook: (OAuthClientConfig & { dialogUrl: string; graphUrl: string }) | undefined;
  /** An SMS gateway (SMS_URL); unset: codes are written to DATA_DIR/outbox like mail. */
  smsUrl: string | undefined;
  /** Google Play subscription checks (docs/subscriptions.md); off unless configured. */
  googlePlay: GooglePlayConfig | undefined;
  /** App Store subscription checks (docs/subscriptions.md); off unless configured. */
  appStore: AppStoreConfig | undefined;
  /** EVERYONE_UNLIMITED=1: every account is unlimited (a private install; tiers/premium-level.ts). */
  everyoneUnlimited: boolean;
  /**
   * Key that encrypts stored calendar credentials (SECRET_KEY: 32 bytes as base64 or hex); unset:
   * a key made once and kept in DATA_DIR (calendar-sync/secret-box.ts). Set it when several
   * machines share one database.
   */
  secretKey: string | undefined;
  /** Google Calendar API base (GOOGLE_CALENDAR_API_URL); tests point it at a local fake. */
  googleCalendarApiUrl: string;
  /** How often the calendar sync job runs for each connected calendar (CALENDAR_SYNC_MINUTES). */
  calendarSyncIntervalMs: number;
  /**
   * CALDAV_ALLOW_PRIVATE_HOSTS=1 lets CalDAV accounts name loopback and private-network servers
   * (tests, a self-hosted install next to its calendar server); off, such URLs are refused so a
   * user cannot make the server probe its own network.
   */
  caldavAllowPrivateHosts: boolean;
  /**
   * Web Push keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url; VAPID_SUBJECT a mailto: or
   * https: URL); unset: a key pair made once and kept (notifications/vapid-keys.ts).
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** FCM HTTP v1 for native devices (FCM_SERVICE_ACCOUNT JSON key, FCM_API_URL); unset: off. */
  fcm:
    | {
        apiUrl: string;
        projectId: string;
        clientEmail: string;
        privateKey: string;
        tokenUri: string;
      }
    | undefined;
  /** APNs for iOS devices (APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC, APNS_URL); unset: iOS goes through FCM. */
  apns: ApnsConfig | undefined;
}

/** Apple's provider API with token-based auth (notifications/apns-sender.ts). */
export interface ApnsConfig {
  /** https://api.push.apple.com (production), api.sandbox.push.apple.com, or a test's fake. */
  url: string;
  /** The .p8 key's PKCS#8 PEM (ES256, P-256). */
  privateKey: string;
  /** The key's 10-character id (the JWT's `kid`). */
  keyId: string;
  /** The developer team's 10-character id (the JWT's `iss`). */
  teamId: string;
  /** The app's bundle id (`apns-topic`). */
  topic: string;
}

/** GOOGLE_PLAY_SERVICE_ACCOUNT (its JSON key), GOOGLE_PLAY_PACKAGE, GOOGLE_PLAY_API_URL. */
export interface GooglePlayConfig {
  apiUrl: string;
  packageName: string;
  clientEmail: string;
  /** PKCS#8 PEM of the service account. */
  privateKey: string;
  tokenUri: string;
}

/** APP_STORE_BUNDLE_ID, APP_STORE_ROOT_CERTS, APP_STORE_API_URL, APP_STORE_ISSUER_ID/KEY_ID/PRIVATE_KEY. */
export interface AppStoreConfig {
  apiUrl: string;
  bundleId: string;
  /** Production or Sandbox: the environment signed transactions must name. */
  environment: 'Production' | 'Sandbox';
  /** Numeric app id (required by Apple's verifier in Production). */
  appAppleId: number | undefined;
  /** DER root certificates the signed transactions must chain to. */
  rootCerts: Buffer[];
  issuerId: string;
  keyId: string;
  /** PKCS#8 PEM of the App Store Connect API key (ES256). */
  privateKey: string;
}

export interface OAuthClientConfig {
  /** The provider's issuer (OpenID discovery) or its base address. */
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

/** Relative paths (DATA_DIR) are taken from the repository root, where `npm start` runs. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Per-bucket attempt limits. Sign-in counts every attempt per address, and per address and
 * e-mail: a guessing address is stopped, never the account's owner at another address (the
 * account itself is only slowed down, see SignInDelayRule).
 */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  signInPerIpAndEmail: { points: 10, durationSec: 15 * 60 },
  signInPerIp: { points: 100, durationSec: 15 * 60 },
  signUpPerIp: { points: 30, durationSec: 60 * 60 },
  passwordResetPerEmail: { points: 5, durationSec: 60 * 60 },
  passwordResetPerIp: { points: 30, durationSec: 60 * 60 },
  // Sign-in popups started (each stores a flow until its callback or expiry).
  oauthStartPerIp: { points: 30, durationSec: 10 * 60 },
  // Sign-in codes sent by SMS (each costs money and reaches a person): per address and number
  // (one stranger cannot use up the number's codes), per address, and per number as a cost
  // backstop that only several addresses together reach.
  smsCodePerIpAndNumber: { points: 5, durationSec: 60 * 60 },
  smsCodePerIp: { points: 20, durationSec: 60 * 60 },
  smsCodePerNumber: { points: 20, durationSec: 60 * 60 },
  // Codes tried per address and number, and per address: never per number alone, so a
  // stranger's wrong codes stop the stranger, not the owner. Within a code's ten minutes one
  // address gets at most 10 tries (two windows), under the 12 that wear a code out.
  smsVerifyPerIpAndNumber: { points: 5, durationSec: 15 * 60 },
  smsVerifyPerIp: { points: 30, durationSec: 15 * 60 },
  // Data exports per account: each is about a second of CPU (the zip of every table).
  dumpUserDataPerUser: { points: 5, durationSec: 60 * 60 },
  // Referral codes checked or entered, and redeem codes tried: codes cannot be listed by guessing.
  referralCodePerIp: { points: 30, durationSec: 15 * 60 },
  redeemPerIp: { points: 10, durationSec: 15 * 60 },
  // Proofs of purchase checked with a store (each is a call to Google or Apple), per address.
  storeCheckPerIp: { points: 60, durationSec: 60 * 60 },
  // ICS feed reads (public; each replays the plan): calendar apps poll every few minutes at most.
  icsFeedPerIp: { points: 120, durationSec: 60 * 60 },
};

/** Lists every problem in the environment at once, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  let port = Number(text('PORT') ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
    port = 8080;
  }
  const host = text('HOST') ?? '127.0.0.1';
  const dataDirRaw = text('DATA_DIR') ?? './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(REPO_ROOT, dataDirRaw);

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for SQLite)',
    );
  }
  const smtpUrl = text('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to write mail to DATA_DIR/outbox)',
    );
  }
  const mailFrom = text('MAIL_FROM') ?? 'Planner <no-reply@localhost>';
  const publicUrl = (text('PUBLIC_URL') ?? `http://${host}:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);

  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const rateLimitSwitch = (text('RATE_LIMITS') ?? 'on').toLowerCase();
  if (rateLimitSwitch !== 'on' && rateLimitSwitch !== 'off') {
    problems.push('RATE_LIMITS must be on or off');
  }
  const testClock = text('PLANNER_TEST_CLOCK') === '1';
  const trustProxy = parseTrustProxy(text('TRUST_PROXY'), problems);
  const workers = parseWorkers(text('WORKERS'), databaseUrl, problems);
  if (testClock && workers > 1) {
    problems.push('PLANNER_TEST_CLOCK=1 needs one process (WORKERS=1): each has its own clock');
  }

  const feedbackTo = text('FEEDBACK_TO');
  if (feedbackTo && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(feedbackTo)) {
    problems.push(`FEEDBACK_TO must be an e-mail address, got "${feedbackTo}"`);
  }
  const cloudConfig = parseCloudConfig(text('CLOUD_CONFIG'), problems);
  const regionHeader = text('REGION_HEADER')?.toLowerCase();
  const google = parseOAuthClient('GOOGLE', text, problems, 'https://accounts.google.com');
  const facebookClient = parseOAuthClient('FACEBOOK', text, problems, 'https://www.facebook.com');
  const facebook = facebookClient && {
    ...facebookClient,
    dialogUrl: text('FACEBOOK_DIALOG_URL') ?? 'https://www.facebook.com/v19.0/dialog/oauth',
    graphUrl: text('FACEBOOK_GRAPH_URL') ?? 'https://graph.facebook.com/v19.0',
  };
  const smsUrl = text('SMS_URL');
  const googlePlay = parseGooglePlay(text, problems);
  const appStore = parseAppStore(text, problems);
  for (const [name, url] of [
    ['SMS_URL', smsUrl],
    ['GOOGLE_PLAY_API_URL', googlePlay?.apiUrl],
    ['APP_STORE_API_URL', appStore?.apiUrl],
    ['FACEBOOK_DIALOG_URL', facebook?.dialogUrl],
    ['FACEBOOK_GRAPH_URL', facebook?.graphUrl],
  ] as const) {
    if (url && !isHttpUrl(url)) problems.push(`${name} must be an http(s) URL, got "${url}"`);
  }

  const googleCalendarApiUrl = (
    text('GOOGLE_CALENDAR_API_URL') ?? 'https://www.googleapis.com/calendar/v3'
  ).replace(/\/+$/, '');
  if (!isHttpUrl(googleCalendarApiUrl)) {
    problems.push(`GOOGLE_CALENDAR_API_URL must be an http(s) URL, got "${googleCalendarApiUrl}"`);
  }
  const syncMinutes = Number(text('CALENDAR_SYNC_MINUTES') ?? '10');
  if (!Number.isInteger(syncMinutes) || syncMinutes < 1 || syncMinutes > 24 * 60) {
    problems.push('CALENDAR_SYNC_MINUTES must be a whole number from 1 to 1440');
  }
  const heartbeatSeconds = parseSeconds('STREAM_HEARTBEAT_SECONDS', text, problems, 25, 1, 300);
  const drainSeconds = parseSeconds('DRAIN_SECONDS', text, problems, 0, 0, 60);
  const nodeName = text('NODE_NAME');
  if (nodeName && !/^[\w.-]{1,64}$/.test(nodeName)) {
    problems.push('NODE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores');
  }
  const vapid = parseVapid(text, problems, mailFrom);
  const fcm = parseFcm(text, problems);
  const apns = parseApns(text, problems);

  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    smtpUrl,
    mailFrom,
    publicUrl,
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    bodyLimitBytes: 1024 * 1024,
    rateLimits: rateLimitSwitch === 'off' ? {} : DEFAULT_RATE_LIMITS,
    signInDelay: rateLimitSwitch === 'off' ? undefined : DEFAULT_SIGN_IN_DELAY,
    trustProxy,
    requestTimeoutMs: 30_000,
    connectionTimeoutMs: 120_000,
    maxStreamsPerUser: 20,
    streamHeartbeatMs: heartbeatSeconds * 1000,
    metricsToken: text('METRICS_TOKEN'),
    drainMs: drainSeconds * 1000,
    nodeName,
    testClock,
    webDist: resolve(REPO_ROOT, text('WEB_DIST') ?? 'packages/web/dist'),
    workers,
    feedbackTo,
    cloudConfig,
    regionHeader,
    google,
    facebook,
    smsUrl,
    googlePlay,
    appStore,
    everyoneUnlimited: text('EVERYONE_UNLIMITED') === '1',
    secretKey: text('SECRET_KEY'),
    googleCalendarApiUrl,
    calendarSyncIntervalMs: (Number.isInteger(syncMinutes) ? syncMinutes : 10) * 60_000,
    caldavAllowPrivateHosts: text('CALDAV_ALLOW_PRIVATE_HOSTS') === '1',
    vapid,
    fcm,
    apns,
  };
}

/** A number of seconds within bounds (fractions allowed), or the default when unset. */
function parseSeconds(
  name: string,
  text: (name: string) => string | undefined,
  problems: string[],
  fallback: number,
  min: number,
  max: number,
): number {
  const value = text(name);
  if (value === undefined) return fallback;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds < min || seconds > max) {
    problems.push(`${name} must be a number of seconds from ${min} to ${max}, got "${value}"`);
    return fallback;
  }
  return seconds;
}

/** Google Play: the service account's JSON key and the app's package; unset: off. */
function parseGooglePlay(
  text: (name: string) => string | undefined,
  problems: string[],
): GooglePlayConfig | undefined {
  const account = text('GOOGLE_PLAY_SERVICE_ACCOUNT');
  const packageName = text('GOOGLE_PLAY_PACKAGE');
  if (!account && !packageName) return undefined;
  if (!account || !packageName) {
    problems.push('GOOGLE_PLAY_SERVICE_ACCOUNT and GOOGLE_PLAY_PACKAGE go together');
    return undefined;
  }
  let key: { client_email?: unknown; private_key?: unknown; token_uri?: unknown } = {};
  try {
    key = JSON.parse(account) as typeof key;
  } catch {
    // reported below
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    problems.push(
      'GOOGLE_PLAY_SERVICE_ACCOUNT must be the service account JSON key (client_email, private_key)',
    );
    return undefined;
  }
  return {
    apiUrl: (text('GOOGLE_PLAY_API_URL') ?? 'https://androidpublisher.googleapis.com').replace(
      /\/+$/,
      '',
    ),
    packageName,
    clientEmail: key.client_email,
    privateKey: key.private_key,
    tokenUri:
      typeof key.token_uri === 'string' ? key.token_uri : 'https://oauth2.googleapis.com/token',
  };
}

/** App Store: bundle id, root certificates and the API key; unset: off. */
function parseAppStore(
  text: (name: string) => string | undefined,
  problems: string[],
): AppStoreConfig | undefined {
  const bundleId = text('APP_STORE_BUNDLE_ID');
  if (!bundleId) return undefined;
  const names = ['APP_STORE_ROOT_CERTS', 'APP_STORE_ISSUER_ID', 'APP_STORE_KEY_ID'] as const;
  const missing = [...names, 'APP_STORE_PRIVATE_KEY'].filter((name) => !text(name));
  if (missing.length > 0) {
    problems.push(`APP_STORE_BUNDLE_ID needs ${missing.join(', ')}`);
    return undefined;
  }
  // PEM certificates, one after another (Apple's root CA G3 in production).
  const rootCerts = (text('APP_STORE_ROOT_CERTS') ?? '')
    .split(/(?=-----BEGIN CERTIFICATE-----)/)
    .map((pem) => pem.replace(/-----[A-Z ]+-----|\s/g, ''))
    .filter((body) => body.length > 0)
    .map((body) => Buffer.from(body, 'base64'));
  const environment = text('APP_STORE_ENVIRONMENT') ?? 'Production';
  if (environment !== 'Production' && environment !== 'Sandbox') {
    problems.push('APP_STORE_ENVIRONMENT must be Production or Sandbox');
  }
  const appAppleId = text('APP_STORE_APP_ID');
  if (environment === 'Production' && !appAppleId) {
    problems.push('APP_STORE_APP_ID (the numeric app id) is needed in Production');
  }
  return {
    apiUrl: (
      text('APP_STORE_API_URL') ??
      (environment === 'Sandbox'
        ? 'https://api.storekit-sandbox.itunes.apple.com'
        : 'https://api.storekit.itunes.apple.com')
    ).replace(/\/+$/, ''),
    bundleId,
    environment: environment === 'Sandbox' ? 'Sandbox' : 'Production',
    appAppleId: appAppleId ? Number(appAppleId) : undefined,
    rootCerts,
    issuerId: text('APP_STORE_ISSUER_ID') ?? '',
    keyId: text('APP_STORE_KEY_ID') ?? '',
    privateKey: (text('APP_STORE_PRIVATE_KEY') ?? '').replace(/\\n/g, '\n'),
  };
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together; VAPID_SUBJECT defaults to MAIL_FROM's address. */
function parseVapid(
  text: (name: string) => string | undefined,
  problems: string[],
  mailFrom: string,
): Config['vapid'] {
  const publicKey = text('VAPID_PUBLIC_KEY');
  const privateKey = text('VAPID_PRIVATE_KEY');
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    return undefined;
  }
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const subject = text('VAPID_SUBJECT') ?? `mailto:${address}`;
  if (!/^(mailto:|https:)/.test(subject)) {
    problems.push('VAPID_SUBJECT must be a mailto: or https: URL');
  }
  return { publicKey, privateKey, subject };
}

/** FCM_SERVICE_ACCOUNT: the Firebase service account's JSON key (project_id, client_email, private_key). */
function parseFcm(text: (name: string) => string | undefined, problems: string[]): Config['fcm'] {
  const account = text('FCM_SERVICE_ACCOUNT');
  if (!account) return undefined;
  let key: {
    project_id?: unknown;
    client_email?: unknown;
    private_key?: unknown;
    token_uri?: unknown;
  } = {};
  try {
    key = JSON.parse(account) as typeof key;
  } catch {
    // reported below
  }
  if (
    typeof key.project_id !== 'string' ||
    typeof key.client_email !== 'string' ||
    typeof key.private_key !== 'string'
  ) {
    problems.push(
      'FCM_SERVICE_ACCOUNT must be the service account JSON key (project_id, client_email, private_key)',
    );
    return undefined;
  }
  const apiUrl = (text('FCM_API_URL') ?? 'https://fcm.googleapis.com').replace(/\/+$/, '');
  if (!isHttpUrl(apiUrl)) problems.push(`FCM_API_URL must be an http(s) URL, got "${apiUrl}"`);
  return {
    apiUrl,
    projectId: key.project_id,
    clientEmail: key.client_email,
    privateKey: key.private_key,
    tokenUri:
      typeof key.token_uri === 'string' ? key.token_uri : 'https://oauth2.googleapis.com/token',
  };
}

const APNS_NAMES = ['APNS_KEY', 'APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_TOPIC'] as const;

/**
 * APNS_KEY (the .p8 file's contents, newlines as they are or written \n, as
 * APP_STORE_PRIVATE_KEY and FCM_SERVICE_ACCOUNT take their keys), APNS_KEY_ID, APNS_TEAM_ID,
 * APNS_TOPIC (the bundle id), APNS_URL; all four or none. Problems never quote the key.
 */
function parseApns(text: (name: string) => string | undefined, problems: string[]): Config['apns'] {
  const present = APNS_NAMES.filter((name) => text(name));
  if (present.length === 0) return undefined;
  if (present.length < APNS_NAMES.length) {
    const missing = APNS_NAMES.filter((name) => !text(name));
    problems.push(`APNs needs ${APNS_NAMES.join(', ')} together; missing ${missing.join(', ')}`);
    return undefined;
  }
  const privateKey = (text('APNS_KEY') ?? '').replace(/\\n/g, '\n');
  if (!isP256PrivateKey(privateKey)) {
    problems.push('APNS_KEY must be the contents of the .p8 key file (an EC P-256 private key)');
  }
  const keyId = text('APNS_KEY_ID') ?? '';
  const teamId = text('APNS_TEAM_ID') ?? '';
  const topic = text('APNS_TOPIC') ?? '';
  if (!/^[A-Z0-9]{10}$/.test(keyId)) problems.push('APNS_KEY_ID must be the 10-character key id');
  if (!/^[A-Z0-9]{10}$/.test(teamId))
    problems.push('APNS_TEAM_ID must be the 10-character team id');
  if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(topic) || topic.length > 155) {
    problems.push(
      `APNS_TOPIC must be the app's bundle id (like com.example.planner), got "${topic}"`,
    );
  }
  const url = (text('APNS_URL') ?? 'https://api.push.apple.com').replace(/\/+$/, '');
  if (!isHttpUrl(url)) problems.push(`APNS_URL must be an http(s) URL, got "${url}"`);
  return { url, privateKey, keyId, teamId, topic };
}

function isP256PrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/** CLOUD_CONFIG: a JSON object whose values are strings (JSON itself, often). */
function parseCloudConfig(value: string | undefined, problems: string[]): Record<string, string> {
  if (value === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((item) => typeof item === 'string')
    ) {
      return parsed as Record<string, string>;
    }
  } catch {
    // reported below
  }
  problems.push('CLOUD_CONFIG must be a JSON object whose values are strings');
  return {};
}

/** PREFIX_ISSUER (or the default), PREFIX_CLIENT_ID and PREFIX_CLIENT_SECRET; unset: off. */
function parseOAuthClient(
  prefix: string,
  text: (name: string) => string | undefined,
  problems: string[],
  defaultIssuer?: string,
): OAuthClientConfig | undefined {
  const clientId = text(`${prefix}_CLIENT_ID`);
  const issuer = text(`${prefix}_ISSUER`) ?? defaultIssuer;
  const clientSecret = text(`${prefix}_CLIENT_SECRET`);
  if (!clientId) return undefined;
  if (!issuer || !isHttpUrl(issuer)) {
    problems.push(`${prefix}_ISSUER must be an http(s) URL when ${prefix}_CLIENT_ID is set`);
    return undefined;
  }
  return { issuer, clientId, clientSecret };
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const MAX_WORKERS = 64;

/**
 * WORKERS: a count or `auto` (one per CPU core). Several processes need PostgreSQL: SQLite is
 * one file that one process writes (others would wait on its lock), and live updates reach the
 * other processes' streams only through PostgreSQL's LISTEN/NOTIFY.
 */
function parseWorkers(
  value: string | undefined,
  databaseUrl: string | undefined,
  problems: string[],
): number {
  if (value === undefined) return 1;
  const count =
    value.toLowerCase() === 'auto' ? Math.min(availableParallelism(), MAX_WORKERS) : Number(value);
  if (!/^(\d+|auto)$/i.test(value) || count < 1 || count > MAX_WORKERS) {
    problems.push(
      `WORKERS must be auto or a whole number from 1 to ${MAX_WORKERS}, got "${value}"`,
    );
    return 1;
  }
  if (count > 1 && !databaseUrl) {
    problems.push(
      `WORKERS=${value} needs PostgreSQL (DATABASE_URL): the embedded SQLite database is written ` +
        'by one process; leave WORKERS unset or 1',
    );
    return 1;
  }
  return count;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or off, a hop count, or a comma list of addresses, CIDRs and names. */
function parseTrustProxy(value: string | undefined, problems: string[]): Config['trustProxy'] {
  if (value === undefined || value.toLowerCase() === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
  const bad = entries.filter((entry) => !isProxyRange(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be off, a hop count, or addresses, CIDR ranges, loopback, linklocal or ` +
        `uniquelocal separated by commas; cannot read "${bad.join('", "')}"`,
    );
    return false;
  }
  return entries;
}

function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
