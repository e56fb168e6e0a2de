import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { timelineKey, timelineStateKey } from '../agenda/data/timeline-queries';
import { buildTimeApiBases, currentApiBase, readApiChoice, writeApiChoice } from '../api/api-base';
import { useSessionToken } from '../api/session';
import { languageTag, localeOf } from '../i18n/i18n';
import { syncAppleCalendar } from '../calendar-sync/apple-calendar';
import { getBridge } from '../bridge/bridge';
import type { NativeBridge } from '../bridge/bridge-contract';
import { backAction } from '../bridge/intents';
import { createScheduler, notificationCategories, type Scheduler } from './local-notifications';
import { NATIVE_NAMESPACE } from '../bridge/native-queries';
import { runNotificationAction } from './notification-actions';
import { scheduleAhead } from './native-session';
import { registerShellPush, sendAppStoreProof } from './purchase';

/** The absolute API address the shell keeps for widgets (the app's own /api is not one there). */
function absoluteApiBase(): string {
  return new URL(currentApiBase(), window.location.href).href.replace(/\/+$/u, '');
}

/**
 * The shell's side of the app (loaded only inside a shell): Android Back, routes from widgets,
 * notification taps and links, notification buttons, local notifications planned ahead, the
 * API address and session token handed to the shell, and on resume the pending routes and the
 * calendar sync.
 */
export default function NativeShell() {
  const { t, i18n } = useTranslation(NATIVE_NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const token = useSessionToken();
  const path = useRef(location.pathname);
  path.current = location.pathname;
  const signedIn = useRef(token !== null);
  signedIn.current = token !== null;
  const scheduler = useRef<Scheduler | null>(null);
  const bridgeRef = useRef<NativeBridge | null>(null);
  const tRef = useRef(t);
  tRef.current = t;
  const tag = languageTag(localeOf(i18n.language));

  // A shell build made with a production address talks to it (the app's origin is the device).
  useEffect(() => {
    const production = buildTimeApiBases().production;
    if (readApiChoice().endpoint === 'local' && production)
      writeApiChoice({ endpoint: 'production', baseUrl: production });
  }, []);

  useEffect(() => {
    let live = true;
    const offs: (() => void)[] = [];
    void getBridge().then((bridge) => {
      if (!live) return;
      bridgeRef.current = bridge;
      const openPending = async () => {
        const routes = await bridge.pendingRouteIntents();
        const last = routes.at(-1);
        if (last && signedIn.current) navigate(last);
      };
      const scheduled = createScheduler({
        schedule: () =>
          signedIn.current
            ? scheduleAhead({ bridge, client, now: Date.now(), tag, t: tRef.current }).then(
                () => undefined,
              )
            : Promise.resolve(),
        clear: () => bridge.clearNotifications(),
        onError: (error) => console.warn('Local notifications were not scheduled', error),
      });
      scheduler.current = scheduled;
      void bridge
        .registerNotificationCategories(notificationCategories(tRef.current))
        .catch((error: unknown) => console.warn('Notification categories', error));
      offs.push(
        bridge.onBackButton(() => {
          if (backAction(path.current) === 'exit') void bridge.exitApp();
          else navigate(-1);
        }),
        bridge.onRouteIntent((route) => {
          if (signedIn.current) navigate(route);
        }),
        // A renewal or an approved purchase that finished outside the store sheet (iOS).
        bridge.onPurchaseUpdate((result) => {
          if (!signedIn.current) return;
          void sendAppStoreProof(client, result).catch((error: unknown) =>
            console.warn('A store transaction was not sent', error),
          );
        }),
        bridge.onNotificationAction((action) => {
          void runNotificationAction(action).catch((error: unknown) =>
            console.warn('Notification action failed', error),
          );
        }),
        bridge.onResume(() => {
          void openPending().catch(() => undefined);
          if (!signedIn.current) return;
          void client.invalidateQueries({ queryKey: timelineStateKey });
          void bridge
            .calendarSyncStatus()
            .then(async (status) => {
              if (status.status === 'denied') return;
              const device = await bridge.deviceInfo();
              if (!device.supportsAppleCalendar) return;
              if ((await syncAppleCalendar(bridge, Date.now())) === 'uploaded')
                await client.invalidateQueries({ queryKey: timelineKey });
            })
            .catch((error: unknown) => console.warn('Calendar sync on resume', error));
          scheduled.request();
        }),
        // Any change of the plan (a control, a poll, a push) plans the notifications again.
        client.getQueryCache().subscribe((event) => {
          if (event.type !== 'updated' || event.action.type !== 'success') return;
          const key = event.query.queryKey[0];
          if (key === timelineKey[0] || key === timelineStateKey[0]) scheduled.request();
        }),
        () => scheduled.dispose(),
      );
      void openPending().catch(() => undefined);
      scheduled.request();
    });
    return () => {
      live = false;
      offs.forEach((off) => off());
    };
  }, [client, navigate, tag]);

  // The shell keeps the API address and the session token; signing out clears notifications.
  useEffect(() => {
    void getBridge().then(async (bridge) => {
      await bridge
        .setApiConfig(absoluteApiBase(), token)
        .catch((error: unknown) =>
          console.warn('API configuration was not handed to the shell', error),
        );
      if (token === null) await (scheduler.current?.clear() ?? bridge.clearNotifications());
      else {
        scheduler.current?.request();
        // Reminders reach the app through the device's push (FCM, APNs) once signed in.
        await registerShellPush(bridge).catch((error: unknown) =>
          console.warn('Native push was not registered', error),
        );
      }
    });
  }, [token]);

  return null;
}
