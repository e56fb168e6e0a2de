import type { PluginListenerHandle } from '@capacitor/core';
import { BridgeError } from './bridge-contract';
import { routeFromUrl } from './intents';

/** Capacitor's error shape: a message and, from native code, a code. */
function toBridgeError(call: string, error: unknown): BridgeError {
  if (error instanceof BridgeError) return error;
  const code: unknown = typeof error === 'object' && error ? Reflect.get(error, 'code') : undefined;
  const message: unknown =
    typeof error === 'object' && error ? Reflect.get(error, 'message') : String(error);
  return new BridgeError(
    call,
    typeof code === 'string' && code ? code : 'FAILED',
    typeof message === 'string' && message ? message : `${call} failed`,
  );
}

/** Runs a plugin call, its failure as a `BridgeError` named after the bridge call. */
export async function guarded<T>(call: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toBridgeError(call, error);
  }
}

/** A listener handle Capacitor answers asynchronously, as a synchronous unsubscribe. */
export function unsubscriber(handle: Promise<PluginListenerHandle>): () => void {
  return () => {
    void handle.then((h) => h.remove()).catch(() => undefined);
  };
}

/** The app route a notification carries in its extra data, if any. */
export function routeOfExtra(extra: unknown): string | null {
  const route: unknown = typeof extra === 'object' && extra ? Reflect.get(extra, 'route') : null;
  return typeof route === 'string' ? routeFromUrl(route) : null;
}
