import { LocalNotifications } from '@capacitor/local-notifications';
import { PushNotifications } from '@capacitor/push-notifications';
import {
  BridgeError,
  NOTIFICATION_ACTIONS,
  type LocalNotification,
  type NativeBridge,
  type NotificationAction,
  type NotificationCategorySpec,
} from './bridge-contract';
import { guarded, routeOfExtra, unsubscriber } from './capacitor-calls';

type NotificationCalls = Pick<
  NativeBridge,
  | 'registerPush'
  | 'registerNotificationCategories'
  | 'scheduleNotifications'
  | 'clearNotifications'
  | 'onNotificationAction'
>;

/** Push registration and the local notifications, through Capacitor's plugins. */
export function capacitorNotifications(): NotificationCalls {
  return {
    registerPush: () => guarded('registerPush', registerForPush),
    registerNotificationCategories: (categories) =>
      guarded('registerNotificationCategories', () => registerActionTypes(categories)),
    scheduleNotifications: (notifications) =>
      guarded('scheduleNotifications', () => scheduleLocalNotifications(notifications)),
    clearNotifications: () => guarded('clearNotifications', clearLocalNotifications),
    onNotificationAction: (listener) =>
      unsubscriber(
        LocalNotifications.addListener(
          'localNotificationActionPerformed',
          ({ actionId, notification }) => {
            if (isNotificationAction(actionId))
              listener(actionId, routeOfExtra(notification.extra) ?? '/agenda');
          },
        ),
      ),
  };
}

function isNotificationAction(id: string): id is NotificationAction {
  return (NOTIFICATION_ACTIONS as readonly string[]).includes(id);
}

/**
 * Native push: permission (asked once), then the token from the `registration` event that
 * `register()` leads to; both listeners are in place before it is called.
 */
async function registerForPush(): Promise<string | null> {
  let permission = await PushNotifications.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale')
    permission = await PushNotifications.requestPermissions();
  if (permission.receive !== 'granted') return null;
  let settle: { resolve: (token: string) => void; reject: (error: unknown) => void } | undefined;
  const answer = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const handles = await Promise.all([
    PushNotifications.addListener('registration', ({ value }) => settle?.resolve(value)),
    PushNotifications.addListener('registrationError', ({ error }) =>
      settle?.reject(new BridgeError('registerPush', 'FAILED', error)),
    ),
  ]);
  try {
    await PushNotifications.register();
    return await answer;
  } finally {
    await Promise.all(handles.map((handle) => handle.remove()));
  }
}

async function registerActionTypes(categories: NotificationCategorySpec[]): Promise<void> {
  await LocalNotifications.registerActionTypes({
    types: categories.map((category) => ({
      id: category.id,
      actions: category.actions.map((action) => ({
        id: action.id,
        title: action.title,
        foreground: false,
      })),
    })),
  });
}

/** Asks for permission to show notifications if it is not granted yet; refused means DENIED. */
async function ensureDisplayPermission(): Promise<void> {
  const permission = await LocalNotifications.checkPermissions();
  if (permission.display === 'granted') return;
  const asked = await LocalNotifications.requestPermissions();
  if (asked.display !== 'granted')
    throw new BridgeError('scheduleNotifications', 'DENIED', 'Notifications are off');
}

/** The wanted set replaces what is pending: notifications no longer wanted are cancelled. */
async function scheduleLocalNotifications(notifications: LocalNotification[]): Promise<void> {
  await ensureDisplayPermission();
  const wanted = new Set(notifications.map((n) => n.id));
  const pending = await LocalNotifications.getPending();
  const stale = pending.notifications.filter((n) => !wanted.has(n.id));
  if (stale.length > 0)
    await LocalNotifications.cancel({ notifications: stale.map((n) => ({ id: n.id })) });
  if (notifications.length === 0) return;
  await LocalNotifications.schedule({ notifications: notifications.map(toScheduledNotification) });
}

function toScheduledNotification(n: LocalNotification) {
  return {
    id: n.id,
    title: n.title,
    body: n.content,
    schedule: { at: new Date(n.time), allowWhileIdle: true },
    ...(n.category && { actionTypeId: n.category }),
    ...(n.color && { iconColor: n.color }),
    ...(n.icon && { smallIcon: n.icon }),
    extra: { route: n.route, kind: n.kind },
  };
}

async function clearLocalNotifications(): Promise<void> {
  const pending = await LocalNotifications.getPending();
  if (pending.notifications.length > 0)
    await LocalNotifications.cancel({
      notifications: pending.notifications.map((n) => ({ id: n.id })),
    });
  await LocalNotifications.removeAllDeliveredNotifications();
}
