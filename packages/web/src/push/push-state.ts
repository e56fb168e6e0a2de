import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
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

/**
 * The token as last written here (the store tells the settings screen), and whether a push
 * message has reached this tab since sign-in: the agenda stops polling GetTimelineState then
 * (spec: polling stops when a push message arrives).
 */
const pushStore = createStore<{ token: string | null; hasPushArrived: boolean }>(() => ({
  token: null,
  hasPushArrived: false,
}));

export function readPushToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function savePushToken(token: string): void {
  writeItem(TOKEN_KEY, token);
  pushStore.setState({ token });
}

export function clearPushToken(): void {
  removeItem(TOKEN_KEY);
  pushStore.setState({ token: null });
}

export function usePushToken(): string | null {
  return useStore(pushStore, readPushToken);
}

export function markPushArrived(): void {
  if (!pushStore.getState().hasPushArrived) pushStore.setState({ hasPushArrived: true });
}

/** Sign-out: the next person's session polls again until a push reaches it. */
export function resetPushArrived(): void {
  if (pushStore.getState().hasPushArrived) pushStore.setState({ hasPushArrived: false });
}

export function usePushArrived(): boolean {
  return useStore(pushStore, (state) => state.hasPushArrived);
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
