import { useSyncExternalStore } from 'react';

// Spec 4 (connectivity): each network failure raises the counter, any answer from the server
// resets it; while it is above zero the disconnected notice shows.
let failures = 0;
const listeners = new Set<() => void>();

function set(value: number): void {
  if (value === failures) return;
  failures = value;
  listeners.forEach((listener) => listener());
}

export const recordNetworkFailure = (): void => set(failures + 1);
export const recordServerReached = (): void => set(0);
export const getFailureCount = (): number => failures;

export function subscribeToFailures(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFailureCount(): number {
  return useSyncExternalStore(subscribeToFailures, getFailureCount, getFailureCount);
}
