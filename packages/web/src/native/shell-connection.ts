import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { timelineStateKey } from '../api/timeline-state';
import { timelineKey } from '../agenda/data/timeline-queries';
import type { NativeBridge } from '../bridge/bridge-contract';
import { backAction } from '../bridge/intents';
import { syncAppleCalendar } from '../calendar-sync/apple-calendar';
import {
  createScheduler,
  notificationCategories,
  type Scheduler,
  type Translate,
} from './local-notifications';
import { scheduleAhead } from './native-session';
import { runNotificationAction } from './notification-actions';
import { sendAppStoreProof } from './purchase';

/** What the shell's listeners read at the moment they fire (the screen's latest values). */
interface ShellContext {
  bridge: NativeBridge;
  client: QueryClient;
  navigate: NavigateFunction;
  /** The app's language tag for notification texts. */
  tag: string;
  isSignedIn: () => boolean;
  currentPath: () => string;
  translate: () => Translate;
}

/** Local notifications planned ahead while signed in (debounced; cleared on sign-out). */
function createShellScheduler({ bridge, client, tag, isSignedIn, translate }: ShellContext) {
  return createScheduler({
    schedule: () =>
      isSignedIn()
        ? scheduleAhead({ bridge, client, now: Date.now(), tag, t: translate() }).then(
            () => undefined,
          )
        : Promise.resolve(),
    clear: () => bridge.clearNotifications(),
    onError: (error) => console.warn('Local notifications were not scheduled', error),
  });
}

/** The last route that arrived while the app was away (widgets, links), followed if signed in. */
async function openPendingRoute({ bridge, navigate, isSignedIn }: ShellContext): Promise<void> {
  const routes = await bridge.pendingRouteIntents();
  const last = routes.at(-1);
  if (last && isSignedIn()) navigate(last);
}

/** On resume the device's Apple calendar is read again, when allowed and supported. */
async function syncAppleCalendarOnResume({ bridge, client }: ShellContext): Promise<void> {
  const status = await bridge.calendarSyncStatus();
  if (status.status === 'denied') return;
  const device = await bridge.deviceInfo();
  if (!device.supportsAppleCalendar) return;
  if ((await syncAppleCalendar(bridge, Date.now())) === 'uploaded')
    await client.invalidateQueries({ queryKey: timelineKey });
}

/** Back, route intents, store updates and notification buttons. */
function listenToShellEvents(context: ShellContext): (() => void)[] {
  const { bridge, client, navigate, isSignedIn } = context;
  return [
    bridge.onBackButton(() => {
      if (backAction(context.currentPath()) === 'exit') void bridge.exitApp();
      else navigate(-1);
    }),
    bridge.onRouteIntent((route) => {
      if (isSignedIn()) navigate(route);
    }),
    // A renewal or an approved purchase that finished outside the store sheet (iOS).
    bridge.onPurchaseUpdate((result) => {
      if (!isSignedIn()) return;
      void sendAppStoreProof(client, result).catch((error: unknown) =>
        console.warn('A store transaction was not sent', error),
      );
    }),
    bridge.onNotificationAction((action) => {
      void runNotificationAction(action).catch((error: unknown) =>
        console.warn('Notification action failed', error),
      );
    }),
  ];
}

/** On resume: pending routes, fresh timeline state, the Apple calendar, notifications again. */
function listenForResume(context: ShellContext, scheduler: Scheduler): () => void {
  const { bridge, client, isSignedIn } = context;
  return bridge.onResume(() => {
    void openPendingRoute(context).catch(() => undefined);
    if (!isSignedIn()) return;
    void client.invalidateQueries({ queryKey: timelineStateKey });
    void syncAppleCalendarOnResume(context).catch((error: unknown) =>
      console.warn('Calendar sync on resume', error),
    );
    scheduler.request();
  });
}

/** Any change of the plan (a control, a poll, a push) plans the notifications again. */
function replanOnTimelineChange(client: QueryClient, scheduler: Scheduler): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey[0];
    if (key === timelineKey[0] || key === timelineStateKey[0]) scheduler.request();
  });
}

/**
 * Connects the app to the shell: notification categories, every listener, the scheduler, then
 * the pending routes and a first plan of notifications. Answers the scheduler and the clean-up.
 */
export function connectShell(context: ShellContext): {
  scheduler: Scheduler;
  disconnect: () => void;
} {
  const { bridge, client } = context;
  const scheduler = createShellScheduler(context);
  void bridge
    .registerNotificationCategories(notificationCategories(context.translate()))
    .catch((error: unknown) => console.warn('Notification categories', error));
  const offs = [
    ...listenToShellEvents(context),
    listenForResume(context, scheduler),
    replanOnTimelineChange(client, scheduler),
    () => scheduler.dispose(),
  ];
  void openPendingRoute(context).catch(() => undefined);
  scheduler.request();
  return { scheduler, disconnect: () => offs.forEach((off) => off()) };
}
