import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { ApnsConfig } from '../config';
import type { PushMessage, PushOutcome } from './push-senders';

/** Apple takes a provider token for an hour; a new one is made after 50 minutes. */
const TOKEN_REUSE_MS = 50 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** Apple's limit on `apns-collapse-id`. */
const COLLAPSE_ID_BYTES = 64;
/** The reasons that mean the device token is no more (the app removed, or not this app's). */
const GONE_REASONS: ReadonlySet<string> = new Set([
  'Unregistered',
  'BadDeviceToken',
  'DeviceTokenNotForTopic',
]);
/** The reasons that mean the provider token is stale or refused: a new one is made, once. */
const TOKEN_REASONS: ReadonlySet<string> = new Set([
  'ExpiredProviderToken',
  'InvalidProviderToken',
]);

/** An APNs device token as the iOS app gets it: hexadecimal (32 bytes today, up to 100). */
export function isApnsDeviceToken(token: string): boolean {
  return /^[0-9a-fA-F]{64,200}$/.test(token);
}

interface ApnsAnswer {
  status: number;
  reason: string | undefined;
}

/**
 * Apple's provider API (HTTP/2, token-based auth): one connection kept and reused for every
 * push (a new one after Apple's GOAWAY or an error), an ES256 provider token reused for 50
 * minutes, then `POST /3/device/{token}` per device. Neither the key nor the token is logged.
 */
export class ApnsSender {
  private readonly key: KeyObject;
  private session: ClientHttp2Session | undefined;
  private providerToken: { value: string; issuedAt: number } | undefined;

  constructor(private readonly config: ApnsConfig) {
    this.key = createPrivateKey(config.privateKey);
  }

  async send(deviceToken: string, message: PushMessage, now: number): Promise<PushOutcome> {
    const headers = requestHeaders(this.config.topic, message, now);
    const body = JSON.stringify(apnsBody(message));
    let answer = await this.post(deviceToken, headers, body, now);
    if (answer && answer.status === 403 && TOKEN_REASONS.has(answer.reason ?? '')) {
      this.providerToken = undefined;
      answer = await this.post(deviceToken, headers, body, now);
    }
    if (!answer) return 'failed';
    if (answer.status === 200) return 'sent';
    if (answer.status === 410 || (answer.status === 400 && GONE_REASONS.has(answer.reason ?? ''))) {
      return 'gone';
    }
    // 429 (too many for this device) and 5xx: not sent now, as with FCM (logged by the caller).
    return 'failed';
  }

  /** Closes the kept connection (the app's shutdown). */
  close(): void {
    this.session?.close();
    this.session = undefined;
  }

  /** One request on the kept connection; undefined when it never got an answer. */
  private post(
    deviceToken: string,
    headers: Record<string, string>,
    body: string,
    now: number,
  ): Promise<ApnsAnswer | undefined> {
    return new Promise((resolve) => {
      let stream;
      try {
        stream = this.connection().request({
          ...headers,
          [constants.HTTP2_HEADER_METHOD]: 'POST',
          [constants.HTTP2_HEADER_PATH]: `/3/device/${deviceToken}`,
          authorization: `bearer ${this.token(now)}`,
        });
      } catch {
        this.dropSession();
        resolve(undefined);
        return;
      }
      let status = 0;
      const chunks: Buffer[] = [];
      stream.setTimeout(REQUEST_TIMEOUT_MS, () => stream.close(constants.NGHTTP2_CANCEL));
      stream.on('response', (answer) => {
        status = Number(answer[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => resolve(undefined));
      stream.on('close', () => {
        if (status === 0) return resolve(undefined);
        resolve({ status, reason: reasonOf(Buffer.concat(chunks).toString('utf8')) });
      });
      stream.end(body);
    });
  }

  /** The kept HTTP/2 session, or a new one when there is none or Apple closed it. */
  private connection(): ClientHttp2Session {
    const current = this.session;
    if (current && !current.closed && !current.destroyed) return current;
    const session = connect(this.config.url);
    // Apple closes a connection with GOAWAY (idle, shutdown, a bad provider token): the next
    // push opens a new one. An error ends it the same way.
    const drop = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('goaway', drop);
    session.on('close', drop);
    session.on('error', () => {
      drop();
      session.destroy();
    });
    // The kept connection never holds the process open.
    session.unref();
    this.session = session;
    return session;
  }

  private dropSession(): void {
    this.session?.destroy();
    this.session = undefined;
  }

  /** The provider token: made at `now` and reused for 50 minutes (Apple takes it for an hour). */
  private token(now: number): string {
    const current = this.providerToken;
    if (current && now >= current.issuedAt && now - current.issuedAt < TOKEN_REUSE_MS) {
      return current.value;
    }
    const header = { alg: 'ES256', kid: this.config.keyId };
    const claims = { iss: this.config.teamId, iat: Math.floor(now / 1000) };
    const input = `${base64url(header)}.${base64url(claims)}`;
    const signature = sign('sha256', Buffer.from(input), {
      key: this.key,
      dsaEncoding: 'ieee-p1363',
    });
    const value = `${input}.${signature.toString('base64url')}`;
    this.providerToken = { value, issuedAt: now };
    return value;
  }
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * The headers of one push: an alert (a notification, shown at once: priority 10) or a
 * background refresh (`content-available`, which Apple takes at priority 5 only); it expires
 * with the same TTL the Web Push and FCM paths use, and a newer one with the same key
 * replaces it (the key's Topic hash, as Web Push has it).
 */
function requestHeaders(topic: string, message: PushMessage, now: number): Record<string, string> {
  const isAlert = message.notification !== undefined;
  const collapseId = message.topic;
  return {
    'apns-topic': topic,
    'apns-push-type': isAlert ? 'alert' : 'background',
    'apns-priority': isAlert ? '10' : '5',
    'apns-expiration': String(Math.floor(now / 1000) + message.ttlSeconds),
    ...(collapseId && Buffer.byteLength(collapseId) <= COLLAPSE_ID_BYTES
      ? { 'apns-collapse-id': collapseId }
      : {}),
    'content-type': 'application/json',
  };
}

/** `aps` (the alert, or content-available for a refresh) beside the payload's own fields. */
function apnsBody(message: PushMessage): Record<string, unknown> {
  const aps = message.notification
    ? { alert: { ...message.notification }, sound: 'default' }
    : { 'content-available': 1 };
  return { ...message.payload, aps };
}

function reasonOf(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { reason?: unknown };
    return typeof value.reason === 'string' ? value.reason : undefined;
  } catch {
    return undefined;
  }
}
