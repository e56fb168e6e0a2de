/// <reference lib="webworker" />
import de from '../i18n/push/de.json';
import en from '../i18n/push/en.json';
import es from '../i18n/push/es.json';
import fr from '../i18n/push/fr.json';
import it from '../i18n/push/it.json';
import ja from '../i18n/push/ja.json';
import ko from '../i18n/push/ko.json';
import pt from '../i18n/push/pt.json';
import ru from '../i18n/push/ru.json';
import zh_cn from '../i18n/push/zh_cn.json';

// The service worker's half of web push. It must not import the app (React, the protocol
// client): it speaks the API's JSON form with fetch, and its only strings are the push
// namespace's worker texts (a few dozen bytes per language).

/** The source tag of messages to open tabs (push/push-state.ts reads the same). */
export const PUSH_MESSAGE_SOURCE = 'planner-push';
const APP_VERSION = '1.3.143';

export const NOTIFICATION_ACTIONS = ['takeBreak', 'startNow', 'moreTime'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

function isNotificationAction(action: unknown): action is NotificationAction {
  return (NOTIFICATION_ACTIONS as readonly unknown[]).includes(action);
}

/** The server's push payload for a notification (notifications/ on the server sends it). */
export interface NotificationPayload {
  type: 'notification';
  kind?: string;
  title: string;
  body?: string;
  route?: string;
  tag?: string;
  timestamp?: number;
  /** Action ids, or ids with a title in the person's language. */
  actions?: (string | { action: string; title?: string })[];
  actionToken?: string;
}

/** What a shown notification carries for its click. */
export interface NotificationData {
  route: string | null;
  actionToken: string | null;
}

type WorkerTexts = typeof en.worker;
const TEXTS: Record<string, WorkerTexts> = {
  de: de.worker,
  en: en.worker,
  es: es.worker,
  fr: fr.worker,
  it: it.worker,
  ja: ja.worker,
  ko: ko.worker,
  pt: pt.worker,
  ru: ru.worker,
  zh_cn: zh_cn.worker,
};

/** The browser's language among the app's ten (zh → zh_cn, regions dropped, else en). */
export function workerTexts(languages: readonly string[]): WorkerTexts {
  for (const language of languages) {
    const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
    const locale = base === 'zh' ? 'zh_cn' : base;
    const texts = TEXTS[locale];
    if (texts) return texts;
  }
  return en.worker;
}

/** A path of this app only: a payload can never send a tap to another site. */
function appRoute(route: unknown): string | null {
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//')
    ? route
    : null;
}

export function parsePayload(text: string | null): NotificationPayload | { type: string } | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? (value as { type: string }) : null;
  } catch {
    return null;
  }
}

function isNotification(payload: { type: string }): payload is NotificationPayload {
  return (
    payload.type === 'notification' && typeof (payload as { title?: unknown }).title === 'string'
  );
}

export function notificationOptions(
  payload: NotificationPayload,
  texts: WorkerTexts,
): NotificationOptions & { actions: { action: string; title: string }[]; timestamp?: number } {
  const actions = (payload.actions ?? []).flatMap((entry) => {
    const action = typeof entry === 'string' ? entry : entry.action;
    if (!isNotificationAction(action) || !payload.actionToken) return [];
    const title = typeof entry === 'object' && entry.title ? entry.title : texts.actions[action];
    return [{ action, title }];
  });
  const data: NotificationData = {
    route: appRoute(payload.route),
    actionToken: payload.actionToken ?? null,
  };
  return {
    body: payload.body ?? '',
    ...(payload.tag ? { tag: payload.tag } : {}),
    ...(typeof payload.timestamp === 'number' ? { timestamp: payload.timestamp } : {}),
    icon: '/icons/icon-192.png',
    data,
    actions,
  };
}

async function tellTabs(sw: ServiceWorkerGlobalScope, message: object): Promise<void> {
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const tab of tabs) tab.postMessage({ source: PUSH_MESSAGE_SOURCE, ...message });
}

/** A push: a notification is shown; every push is told to open tabs (they refresh, stop polling). */
export async function handlePush(sw: ServiceWorkerGlobalScope, text: string | null): Promise<void> {
  const payload = parsePayload(text);
  if (!payload) return;
  const shown = isNotification(payload)
    ? sw.registration.showNotification(
        payload.title,
        notificationOptions(payload, workerTexts(sw.navigator.languages)),
      )
    : Promise.resolve();
  await Promise.all([shown, tellTabs(sw, { push: payload.type })]);
}

/** RunNotificationAction in the API's JSON form (no session: the action token is the proof). */
async function runAction(
  sw: ServiceWorkerGlobalScope,
  action: NotificationAction,
  actionToken: string,
): Promise<boolean> {
  try {
    const response = await fetch(new URL('/api/RunNotificationAction', sw.location.origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'request-id': crypto.randomUUID(),
        'app-version': APP_VERSION,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      body: JSON.stringify({ actionToken, action }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Focuses an open tab and sends it to the route, or opens one there. */
async function openRoute(sw: ServiceWorkerGlobalScope, route: string | null): Promise<void> {
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((candidate) => new URL(candidate.url).origin === sw.location.origin);
  if (tab) {
    // The app navigates itself (no reload): push/PushRegistration.tsx follows this message. It
    // goes first: focus() rejects without the click's window-interaction allowance (it lapses
    // after a few seconds, e.g. behind a slow handler), and the tab should still follow the tap.
    if (route) tab.postMessage({ source: PUSH_MESSAGE_SOURCE, navigate: route });
    await tab.focus().catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(route ?? '/');
}

/**
 * A tap: an action button runs the action through the API (open tabs refresh; a failure shows a
 * notification saying so), the notification itself opens its route.
 */
export async function handleNotificationClick(
  sw: ServiceWorkerGlobalScope,
  notification: Notification,
  action: string,
): Promise<void> {
  const data = (notification.data ?? {}) as Partial<NotificationData>;
  notification.close();
  if (isNotificationAction(action) && data.actionToken) {
    const isDone = await runAction(sw, action, data.actionToken);
    if (isDone) {
      await tellTabs(sw, { push: 'timelineStateUpdated' });
      return;
    }
    const texts = workerTexts(sw.navigator.languages);
    await sw.registration.showNotification(texts.actionFailed, {
      body: texts.actionFailedBody,
      tag: notification.tag || 'planner-action-failed',
      data: { route: appRoute(data.route), actionToken: null } satisfies NotificationData,
    });
    return;
  }
  await openRoute(sw, appRoute(data.route));
}

/** Push messages, notifications and their actions. */
export function installPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    event.waitUntil(handlePush(sw, event.data ? event.data.text() : null));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.waitUntil(handleNotificationClick(sw, event.notification, event.action));
  });
}
