import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { clearLocalData, readItem, writeItem } from '../storage/local-storage';

// The session token lives in local storage (spec 3); this module is the only reader and writer,
// and tells subscribers (the route guard) whenever it changes: the store holds the token as
// last written here.
const TOKEN_KEY = 'token';
const sessionStore = createStore<{ token: string | null }>(() => ({ token: null }));

function notify(): void {
  sessionStore.setState({ token: getSessionToken() });
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
  return sessionStore.subscribe(() => listener());
}

export function useSessionToken(): string | null {
  return useStore(sessionStore, getSessionToken);
}

/**
 * Work to do on sign-out before the session is revoked (push: the device), registered by the
 * app (app/connect-features.ts); kept here, where the app's start already is, so sign-out's own
 * code loads only with the menus that offer it.
 */
const beforeRevoke: (() => Promise<void>)[] = [];

export function beforeSignOut(task: () => Promise<void>): void {
  if (!beforeRevoke.includes(task)) beforeRevoke.push(task);
}

export function signOutTasks(): readonly (() => Promise<void>)[] {
  return beforeRevoke;
}
