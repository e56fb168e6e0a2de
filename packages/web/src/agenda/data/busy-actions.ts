import { useSyncExternalStore } from 'react';

// Spec 2: requests block double actions. A control whose request is running cannot fire again,
// whether it is pressed twice, pressed on another screen part, or sent by a shortcut.
let busy: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function setBusy(next: ReadonlySet<string>): void {
  busy = next;
  listeners.forEach((listener) => listener());
}

/** Runs `work` unless an action of the same name is running; answers undefined when skipped. */
export async function runExclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  if (busy.has(name)) return undefined;
  setBusy(new Set([...busy, name]));
  try {
    return await work();
  } finally {
    const next = new Set(busy);
    next.delete(name);
    setBusy(next);
  }
}

export function isBusy(name: string): boolean {
  return busy.has(name);
}

export function useBusy(name: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => busy.has(name),
    () => false,
  );
}
