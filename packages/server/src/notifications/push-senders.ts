import { createHash } from 'node:crypto';
import { ServiceAccountToken } from '../google/service-account-token';
import webPush from 'web-push';
import type { Config } from '../config';
import { guardedPost } from '../net/guarded-post';
import {
  hostOf,
  isRefusedHostName,
  resolvesToRefused,
  type PrivateHostsAllowed,
} from '../net/private-hosts';
import type { VapidKeys } from './vapid-keys';

/** What a push carries: the JSON payload and how long and how urgently to deliver it. */
export interface PushMessage {
  payload: Record<string, unknown>;
  /** Seconds the push service keeps an undelivered message. */
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  /** A newer message with the same topic replaces an undelivered one (Web Push). */
  topic?: string;
  /** The notification's title and body (FCM shows them itself on Android and iOS). */
  notification?: { title: string; body: string };
}

/** sent; gone: the push service says the device is no more (delete it); failed: try later. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface WebSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;

/**
 * Which push endpoints the server may reach besides public ones: loopback only with the test
 * clock (tests run a local push service), otherwise none, so a user cannot make the server
 * open connections into its own network.
 */
export function pushHostsAllowed(config: Pick<Config, 'testClock'>): PrivateHostsAllowed {
  return config.testClock ? 'loopback' : 'none';
}

/**
 * A browser's PushSubscription JSON, checked: an https endpoint (http on loopback only with the
 * test clock, for tests) that does not name a private host, and its keys. Answers undefined
 * when it is not one. The addresses a name resolves to are checked by `endpointResolvesPrivate`
 * and again on every connection.
 */
export function parseWebSubscription(
  token: string,
  allowed: PrivateHostsAllowed,
): WebSubscription | undefined {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: unknown };
  if (typeof endpoint !== 'string' || typeof keys !== 'object' || keys === null) return undefined;
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return undefined;
  if (!BASE64URL.test(p256dh) || !BASE64URL.test(auth)) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  const isSchemeAllowed =
    url.protocol === 'https:' || (allowed === 'loopback' && loopback && url.protocol === 'http:');
  if (!isSchemeAllowed || url.username || url.password) return undefined;
  if (isRefusedHostName(hostOf(url), allowed)) return undefined;
  return { endpoint, keys: { p256dh, auth } };
}

/** Whether the endpoint's name resolves to a refused address now (a second second at most). */
export function endpointResolvesPrivate(
  subscription: WebSubscription,
  allowed: PrivateHostsAllowed,
): Promise<boolean> {
  const host = hostOf(new URL(subscription.endpoint));
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref());
  return Promise.race([resolvesToRefused(host, allowed), timeout]);
}

/** A topic Web Push accepts (at most 32 URL-safe base64 characters) for a notification key. */
export function topicOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/**
 * Sends one Web Push message (RFC 8030, aes128gcm, VAPID), never to a refused address (checked
 * on the address the connection uses: a push service's name can be re-pointed after it was
 * registered).
 */
export async function sendWebPush(
  subscription: WebSubscription,
  message: PushMessage,
  vapid: VapidKeys,
  allowed: PrivateHostsAllowed,
): Promise<PushOutcome> {
  // web-push encrypts and signs; the request goes out through guardedPost (web-push's own
  // sender speaks https only, and a test's local push service is plain http on loopback).
  const request = webPush.generateRequestDetails(subscription, JSON.stringify(message.payload), {
    TTL: message.ttlSeconds,
    urgency: message.urgency,
    ...(message.topic ? { topic: message.topic } : {}),
    vapidDetails: vapid,
  });
  try {
    const status = await guardedPost({
      url: request.endpoint,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      timeoutMs: 10_000,
      allowed,
    });
    if (status >= 200 && status < 300) return 'sent';
    return status === 404 || status === 410 ? 'gone' : 'failed';
  } catch {
    return 'failed';
  }
}

type FcmConfig = NonNullable<Config['fcm']>;
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1: a service-account JWT exchanged at the token URI for an access token (kept until
 * a minute before it expires), then one messages:send per device.
 */
export class FcmSender {
  private readonly access: ServiceAccountToken;

  constructor(private readonly config: FcmConfig) {
    this.access = new ServiceAccountToken(config, FCM_SCOPE);
  }

  async send(deviceToken: string, message: PushMessage, now: number): Promise<PushOutcome> {
    let accessToken: string;
    try {
      accessToken = await this.access.get(now);
    } catch {
      return 'failed';
    }
    const data: Record<string, string> = {};
    for (const [name, value] of Object.entries(message.payload)) {
      data[name] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    const expiresAt = Math.floor(now / 1000) + message.ttlSeconds;
    const body = {
      message: {
        token: deviceToken,
        data,
        ...(message.notification ? { notification: message.notification } : {}),
        android: {
          ttl: `${message.ttlSeconds}s`,
          priority: message.urgency === 'high' ? 'HIGH' : 'NORMAL',
          ...(message.topic ? { collapse_key: message.topic } : {}),
        },
        apns: {
          headers: {
            'apns-priority': message.urgency === 'high' ? '10' : '5',
            'apns-expiration': String(expiresAt),
            ...(message.topic ? { 'apns-collapse-id': message.topic } : {}),
          },
          ...(message.notification ? {} : { payload: { aps: { 'content-available': 1 } } }),
        },
      },
    };
    const url = `${this.config.apiUrl}/v1/projects/${encodeURIComponent(this.config.projectId)}/messages:send`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return 'sent';
      const text = await response.text();
      if (response.status === 401) this.access.forget();
      // The token was unregistered (app removed) or never valid for this project.
      if (response.status === 404 || text.includes('UNREGISTERED')) return 'gone';
      return 'failed';
    } catch {
      return 'failed';
    }
  }
}
