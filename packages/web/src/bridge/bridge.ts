import type { NativeBridge } from './bridge-contract';

/**
 * Inside the iOS and Android shells Capacitor's native bridge script defines
 * `window.Capacitor.isNativePlatform` before the app loads; in a browser it is absent. Read
 * from the window so the first load does not carry @capacitor/core.
 */
export function isNativeShell(): boolean {
  const capacitor: unknown = Reflect.get(globalThis, 'Capacitor');
  if (typeof capacitor !== 'object' || capacitor === null) return false;
  const isNative: unknown = Reflect.get(capacitor, 'isNativePlatform');
  return typeof isNative === 'function' && (isNative as () => unknown).call(capacitor) === true;
}

/**
 * Inside the iOS shell (Capacitor's platform is known synchronously from its script). The spec
 * hides the referral entry and the sign-up referral field there.
 */
export function isIosShell(): boolean {
  if (!isNativeShell()) return false;
  const capacitor: unknown = Reflect.get(globalThis, 'Capacitor');
  const getPlatform: unknown =
    typeof capacitor === 'object' && capacitor ? Reflect.get(capacitor, 'getPlatform') : undefined;
  return (
    typeof getPlatform === 'function' && (getPlatform as () => unknown).call(capacitor) === 'ios'
  );
}

let chosen: Promise<NativeBridge> | undefined;

/** The bridge of this runtime: Capacitor's inside a shell (loaded only there), else the browser's. */
export function getBridge(): Promise<NativeBridge> {
  chosen ??= isNativeShell()
    ? import('./capacitor-bridge').then((module) => module.createCapacitorBridge())
    : import('./browser-bridge').then((module) => module.browserBridge);
  return chosen;
}

/** Tests: forget the chosen bridge. */
export function resetBridgeForTests(): void {
  chosen = undefined;
}
