import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { buildTimeApiBases, currentApiBase, readApiChoice, writeApiChoice } from '../api/api-base';
import { useSessionToken } from '../api/session';
import { languageTag, localeOf } from '../i18n/i18n';
import { getBridge } from '../bridge/bridge';
import type { Scheduler } from './local-notifications';
import { NATIVE_NAMESPACE } from '../bridge/native-queries';
import { registerShellPush } from './purchase';
import { connectShell } from './shell-connection';

/** The absolute API address the shell keeps for widgets (the app's own /api is not one there). */
function absoluteApiBase(): string {
  return new URL(currentApiBase(), window.location.href).href.replace(/\/+$/u, '');
}

/** A ref that always holds the latest value, for listeners that outlive the render. */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * The shell's side of the app (loaded only inside a shell): Android Back, routes from widgets,
 * notification taps and links, notification buttons, local notifications planned ahead, the
 * API address and session token handed to the shell, and on resume the pending routes and the
 * calendar sync.
 */
export default function NativeShell() {
  const token = useSessionToken();
  const scheduler = useRef<Scheduler | null>(null);
  useProductionApiInShell();
  useShellConnection(token !== null, scheduler);
  useShellSession(token, scheduler);
  return null;
}

/** A shell build made with a production address talks to it (the app's origin is the device). */
function useProductionApiInShell() {
  useEffect(() => {
    const production = buildTimeApiBases().production;
    if (readApiChoice().endpoint === 'local' && production)
      writeApiChoice({ endpoint: 'production', baseUrl: production });
  }, []);
}

/** Connects the shell's events once the bridge has loaded; again when the language changes. */
function useShellConnection(isSignedIn: boolean, scheduler: RefObject<Scheduler | null>) {
  const { t, i18n } = useTranslation(NATIVE_NAMESPACE);
  const navigate = useNavigate();
  const client = useQueryClient();
  const path = useLatest(useLocation().pathname);
  const signedIn = useLatest(isSignedIn);
  const translate = useLatest(t);
  const tag = languageTag(localeOf(i18n.language));

  useEffect(() => {
    let live = true;
    let disconnect = () => {};
    void getBridge().then((bridge) => {
      if (!live) return;
      const connection = connectShell({
        bridge,
        client,
        navigate,
        tag,
        isSignedIn: () => signedIn.current,
        currentPath: () => path.current,
        translate: () => translate.current,
      });
      scheduler.current = connection.scheduler;
      disconnect = connection.disconnect;
    });
    return () => {
      live = false;
      disconnect();
    };
  }, [client, navigate, tag]);
}

/** The shell keeps the API address and the session token; signing out clears notifications. */
function useShellSession(token: string | null, scheduler: RefObject<Scheduler | null>) {
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
}
