import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from '../storage/local-storage';

// The small, always-loaded part of web push: what the shell, the agenda's polling and sign-out
// need to know without loading the subscription code (push-device.ts, loaded on demand).

/** The message the service worker posts to open tabs (src/sw/push.ts sends the same shape). */
export const PUSH_MESSAGE_SOURCE = 'planner-push';

/** Push types that refresh open tabs (spec: timelineStateUpdated, reminderStateUpdated, categoryUpdated). */
export const REFRESH_TYPES = [
  'timelineStateUpdated',
  'reminderStateUpdated',
  'categoryUpdated',
] as const;
export type RefreshType = (typeof REFRESH_TYPES)[number];

export function isRefreshType(type: unknown): type is RefreshType {
  return (REFRESH_TYPES as readonly unknown[]).includes(type);
}

// The registered token (the PushSubscription's JSON): saved after RegisterDevice, cleared on
// RevokeInstallation. Not a device key, so sign-out and a new session forget it with the rest.
const TOKEN_KEY = 'push.token';
const tokenListeners = new Set<() => void>();

export function readPushToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function savePushToken(token: string): void {
  writeItem(TOKEN_KEY, token);
  tokenListeners.forEach((listener) => listener());
}

export function clearPushToken(): void {
  removeItem(TOKEN_KEY);
  tokenListeners.forEach((listener) => listener());
}

function subscribeToToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function usePushToken(): string | null {
  return useSyncExternalStore(subscribeToToken, readPushToken, () => null);
}

// Whether a push message has reached this tab since sign-in: the agenda stops polling
// GetTimelineState then (spec: polling stops when a push message arrives).
let hasPushArrived = false;
const arrivalListeners = new Set<() => void>();

export function markPushArrived(): void {
  if (hasPushArrived) return;
  hasPushArrived = true;
  arrivalListeners.forEach((listener) => listener());
}

/** Sign-out: the next person's session polls again until a push reaches it. */
export function resetPushArrived(): void {
  if (!hasPushArrived) return;
  hasPushArrived = false;
  arrivalListeners.forEach((listener) => listener());
}

function subscribeToArrival(listener: () => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

export function usePushArrived(): boolean {
  return useSyncExternalStore(
    subscribeToArrival,
    () => hasPushArrived,
    () => false,
  );
}

/** Web push needs a service worker, the Push API, notifications and fetch (spec). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    'fetch' in window
  );
}
