// Capacitor's own script, as the Android shell injects it into the WebView.
import nativeBridgeSource from '../../../../../node_modules/@capacitor/android/capacitor/src/main/assets/native-bridge.js?raw';
import { pluginHeaders } from './plugin-headers';

/**
 * A fake of the native side of a Capacitor Android shell, at its edge: the WebView's
 * `androidBridge.postMessage(json)` receives each plugin call, and answers go back through
 * `Capacitor.fromNative(result)`, exactly as Capacitor's Android runtime does. The real
 * native-bridge.js (from @capacitor/android) and the real @capacitor/core run on top of it, so
 * the app's Capacitor bridge is tested down to the JSON crossing into native code.
 *
 * Install it before anything imports @capacitor/core (core reads the global at import).
 */

export interface NativeCall {
  pluginId: string;
  methodName: string;
  options: Record<string, unknown>;
  callbackId: string;
}

type Handler = (options: Record<string, unknown>) => unknown;

interface CapacitorGlobal {
  PluginHeaders: { name: string; methods: { name: string; rtype: string }[] }[];
  fromNative?: (result: Record<string, unknown>) => void;
}

export class FakeNativeLayer {
  readonly calls: NativeCall[] = [];
  private handlers = new Map<string, Handler>();
  private listeners = new Map<string, string[]>();
  /** Who waits for a call of `plugin.method`, in order: each takes one call (see nextCall). */
  private waiters = new Map<string, ((options: Record<string, unknown>) => void)[]>();
  /** Who waits for a listener (see listening): told of every new one. */
  private listenerWaiters = new Set<() => void>();

  /** What `plugin.method` answers (a value, or a thrown `{ message, code }` for a rejection). */
  on(pluginId: string, methodName: string, handler: Handler): void {
    this.handlers.set(`${pluginId}.${methodName}`, handler);
  }

  /** `plugin.method` rejects as native code does: `call.reject(message, code)`. */
  fail(pluginId: string, methodName: string, message: string, code: string): void {
    this.on(pluginId, methodName, () => {
      throw { message, code };
    });
  }

  /** The calls made to one method, their options as they crossed to native (JSON). */
  callsTo(pluginId: string, methodName: string): Record<string, unknown>[] {
    return this.calls
      .filter((c) => c.pluginId === pluginId && c.methodName === methodName)
      .map((c) => c.options);
  }

  /** Fires a plugin event (notifyListeners on the native side). */
  emit(pluginId: string, eventName: string, data: Record<string, unknown>): void {
    for (const callbackId of this.listeners.get(`${pluginId}:${eventName}`) ?? []) {
      this.capacitor().fromNative?.({
        callbackId,
        pluginId,
        methodName: 'addListener',
        success: true,
        data,
      });
    }
  }

  listenerCount(pluginId: string, eventName: string): number {
    return this.listeners.get(`${pluginId}:${eventName}`)?.length ?? 0;
  }

  /**
   * Resolves with the options of the next call of `plugin.method` to cross after this is asked
   * (asked twice, the second call answers the second): a test waits for the call it means (the
   * browser opened, a listener removed) rather than for a while.
   */
  nextCall(pluginId: string, methodName: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const key = `${pluginId}.${methodName}`;
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), resolve]);
    });
  }

  /** Resolves once the app has asked for `plugin`'s `eventName` (at once when it already has). */
  async listening(pluginId: string, eventName: string): Promise<void> {
    while (this.listenerCount(pluginId, eventName) === 0) {
      await new Promise<void>((resolve) => this.listenerWaiters.add(resolve));
    }
  }

  reset(): void {
    this.calls.length = 0;
    this.handlers.clear();
  }

  private capacitor(): CapacitorGlobal {
    return Reflect.get(globalThis, 'Capacitor') as CapacitorGlobal;
  }

  /** androidBridge.postMessage: one call from the WebView. */
  receive(json: string): void {
    const call = JSON.parse(json) as NativeCall;
    this.calls.push(call);
    const { pluginId, methodName, options, callbackId } = call;
    const waiter = this.waiters.get(`${pluginId}.${methodName}`)?.shift();
    if (methodName === 'addListener') {
      const key = `${pluginId}:${String(options['eventName'])}`;
      this.listeners.set(key, [...(this.listeners.get(key) ?? []), callbackId]);
      const told = [...this.listenerWaiters];
      this.listenerWaiters.clear();
      for (const resolve of told) resolve();
      waiter?.(options);
      return;
    }
    waiter?.(options);
    if (methodName === 'removeListener') {
      const key = `${pluginId}:${String(options['eventName'])}`;
      this.listeners.set(
        key,
        (this.listeners.get(key) ?? []).filter((id) => id !== String(options['callbackId'])),
      );
    }
    const handler =
      this.handlers.get(`${pluginId}.${methodName}`) ??
      (methodName === 'removeListener' ? () => undefined : undefined);
    // Native answers on another thread: never synchronously.
    void Promise.resolve()
      .then(() => {
        if (!handler)
          throw { message: `${pluginId}.${methodName} is not implemented`, code: 'UNIMPLEMENTED' };
        return handler(options);
      })
      .then(
        (data) =>
          this.capacitor().fromNative?.({
            callbackId,
            pluginId,
            methodName,
            success: true,
            data: data ?? {},
          }),
        (error: unknown) =>
          this.capacitor().fromNative?.({
            callbackId,
            pluginId,
            methodName,
            success: false,
            error,
          }),
      );
  }
}

/**
 * Makes this window an Android shell's WebView: the native plugin headers, the androidBridge
 * message port, then Capacitor's real native-bridge.js.
 */
export function installFakeNative(): FakeNativeLayer {
  const layer = new FakeNativeLayer();
  Reflect.set(globalThis, 'androidBridge', {
    postMessage: (json: string) => layer.receive(json),
  });
  Reflect.set(globalThis, 'Capacitor', { PluginHeaders: pluginHeaders() });
  // The shell injects this script before the app's own; run it the same way.
  new Function(nativeBridgeSource)();
  return layer;
}

export function uninstallFakeNative(): void {
  Reflect.deleteProperty(globalThis, 'androidBridge');
  Reflect.deleteProperty(globalThis, 'Capacitor');
}
