import { APP_VERSION } from '@planner/protocol/client';
import { call } from '../api/client';
import { clearPushToken, isPushSupported, readPushToken, savePushToken } from './push-state';

/** The spec's push errors; each has a text in the push namespace (errors.<code>). */
export type PushErrorCode =
  'unsupported' | 'blocked' | 'default' | 'senderId' | 'serviceWorker' | 'subscribeFailed';

export class PushError extends Error {
  constructor(
    readonly code: PushErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`Push: ${code}`, options);
    this.name = 'PushError';
  }
}

/** Spec: the token fetch is retried 5 times, 1000 ms apart. */
export const TOKEN_FETCH_RETRIES = 5;
export const TOKEN_FETCH_DELAY_MS = 1000;
/** How long the service worker may take to become ready before a try counts as failed. */
const READY_TIMEOUT_MS = 10_000;

export interface PushDeviceDeps {
  sleep: (ms: number) => Promise<void>;
}

const defaultDeps: PushDeviceDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushError('serviceWorker')), READY_TIMEOUT_MS);
    navigator.serviceWorker.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new PushError('serviceWorker', { cause: error }));
      },
    );
  });
}

/** base64url (the server's VAPID key) to the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const text = atob(padded);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * The browser's push subscription: with the server's key, made when missing (one made for
 * another key is replaced); without it, the existing one or null.
 */
async function fetchTokenOnce(
  key: Uint8Array<ArrayBuffer> | null,
): Promise<PushSubscription | null> {
  const registration = await serviceWorkerReady();
  const existing = await registration.pushManager.getSubscription();
  if (!key) return existing;
  if (existing && sameKey(existing, key)) return existing;
  if (existing) await existing.unsubscribe();
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // A key the push service refuses is the web's "incorrect sender id".
    const code =
      error instanceof DOMException && error.name === 'InvalidAccessError'
        ? 'senderId'
        : error instanceof DOMException && error.name === 'NotAllowedError'
          ? 'blocked'
          : 'subscribeFailed';
    throw new PushError(code, { cause: error });
  }
}

/** The token fetch with the spec's retries; errors that a retry cannot fix end it at once. */
async function fetchToken(create: boolean, deps: PushDeviceDeps): Promise<PushSubscription | null> {
  // The server's key, asked once (the API call has its own network retries).
  let key: Uint8Array<ArrayBuffer> | null = null;
  if (create) {
    try {
      const { vapidPublicKey } = await call('GetPushConfig', undefined, { showLoading: false });
      key = keyBytes(vapidPublicKey);
    } catch (error) {
      throw new PushError('subscribeFailed', { cause: error });
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchTokenOnce(key);
    } catch (error) {
      const isFinal =
        error instanceof PushError && (error.code === 'senderId' || error.code === 'blocked');
      if (isFinal || attempt >= TOKEN_FETCH_RETRIES) {
        throw error instanceof PushError
          ? error
          : new PushError('subscribeFailed', { cause: error });
      }
      await deps.sleep(TOKEN_FETCH_DELAY_MS);
    }
  }
}

async function register(subscription: PushSubscription): Promise<void> {
  const token = JSON.stringify(subscription.toJSON());
  await call(
    'RegisterDevice',
    { fcmDeviceToken: token, deviceType: 'web', appVersion: APP_VERSION },
    { showLoading: false },
  );
  savePushToken(token);
}

/**
 * Settings' "Turn on": asks for permission when it has not been given, subscribes with the
 * server's VAPID key and registers this browser.
 */
export async function enablePush(deps: PushDeviceDeps = defaultDeps): Promise<void> {
  if (!isPushSupported()) throw new PushError('unsupported');
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushError('blocked');
  if (permission !== 'granted') throw new PushError('default');
  const subscription = await fetchToken(true, deps);
  if (!subscription) throw new PushError('subscribeFailed');
  await register(subscription);
}

/**
 * Signed in with permission given: registers the browser's existing subscription again (its
 * endpoint may have changed). A browser whose person turned notifications off has none, so it
 * stays off. Answers whether a device was registered.
 */
export async function registerSilently(deps: PushDeviceDeps = defaultDeps): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const subscription = await fetchToken(false, deps);
  if (!subscription) {
    clearPushToken();
    return false;
  }
  await register(subscription);
  return true;
}

/** Settings' "Turn off": the server forgets this browser and the browser its subscription. */
export async function disablePush(): Promise<void> {
  const registration = isPushSupported()
    ? await navigator.serviceWorker.getRegistration()
    : undefined;
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  const token = readPushToken() ?? (subscription ? JSON.stringify(subscription.toJSON()) : null);
  if (token !== null) {
    await call('RevokeInstallation', { fcmDeviceToken: token }, { showLoading: false });
  }
  clearPushToken();
  await subscription?.unsubscribe();
}
