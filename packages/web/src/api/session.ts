import { useSyncExternalStore } from 'react';
import { clearLocalData, readItem, writeItem } from '../storage/local-storage';

// The session token lives in local storage (spec 3); this module is the only reader and writer,
// and tells subscribers (the route guard) whenever it changes.
const TOKEN_KEY = 'token';
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getSessionToken(): string | null {
  return readItem(TOKEN_KEY);
}

export function startSession(token: string): void {
  clearLocalData();
  writeItem(TOKEN_KEY, token);
  notify();
}

/** Logout, account deletion and code 16 all end here: the token and the person's data go. */
export function endSession(): void {
  clearLocalData();
  notify();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToSession, getSessionToken, () => null);
}
