import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSessionToken } from '../api/session';
import {
  isRefreshType,
  isPushSupported,
  markPushArrived,
  PUSH_MESSAGE_SOURCE,
  type RefreshType,
} from './push-state';

/** What the service worker posts to open tabs (src/sw/push.ts). */
type WorkerMessage =
  | { source: typeof PUSH_MESSAGE_SOURCE; push: string }
  | { source: typeof PUSH_MESSAGE_SOURCE; navigate: string };

function isWorkerMessage(data: unknown): data is WorkerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === PUSH_MESSAGE_SOURCE
  );
}

/** A path of this app (never another origin: `//host` or a scheme). */
export function isAppRoute(route: unknown): route is string {
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//');
}

/**
 * Signed in: registers this browser's push subscription again when notifications are allowed
 * (the subscription code loads only then), and follows the service worker's messages: a push
 * refreshes what it names (`onRefresh`, the agenda's live updates) and stops the agenda's
 * polling; a notification tap opens its route.
 */
export function PushRegistration({
  onRefresh,
}: {
  onRefresh: (client: QueryClient, type: RefreshType) => void;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // useNavigate may change with the location; the listener reads the latest without re-adding.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const sessionToken = useSessionToken();

  useEffect(() => {
    if (!sessionToken || !isPushSupported()) return undefined;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (!isWorkerMessage(data)) return;
      if ('navigate' in data) {
        if (isAppRoute(data.navigate)) void navigateRef.current(data.navigate);
        return;
      }
      markPushArrived();
      const type = data.push;
      if (isRefreshType(type)) onRefresh(client, type);
    };
    const container = navigator.serviceWorker;
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [sessionToken, client, onRefresh]);

  useEffect(() => {
    if (!sessionToken || !isPushSupported() || Notification.permission !== 'granted') return;
    // Silent: a failure leaves the settings row saying "off", where the person can retry.
    void import('./push-device')
      .then(({ registerSilently }) => registerSilently())
      .catch(() => undefined);
  }, [sessionToken]);

  return null;
}
