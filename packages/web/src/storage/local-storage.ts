// Everything this app keeps in the browser lives under one prefix that carries the data format
// version, so a new format never misreads an old one: keys of other versions are dropped at start.
export const STORAGE_VERSION = '1.3';
const APP_PREFIX = 'planner';
export const STORAGE_PREFIX = `${APP_PREFIX}:${STORAGE_VERSION}:`;
const VERSIONED_KEY = new RegExp(`^${APP_PREFIX}:(\\d+(?:\\.\\d+)*):`);

/**
 * Keys that describe the device rather than the signed-in person survive a sign-out (spec 3's
 * local device options: language, zoom, the agenda's view and focus mode, the API server).
 */
const DEVICE_KEYS: ReadonlySet<string> = new Set([
  'locale',
  'apiEndpoint',
  'uiZoom',
  'agenda.view',
  'agenda.focusMode',
]);

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy modes throw on access; the app then runs without persistence.
    return undefined;
  }
}

export function readItem(key: string): string | null {
  return backend()?.getItem(STORAGE_PREFIX + key) ?? null;
}

export function writeItem(key: string, value: string): void {
  try {
    backend()?.setItem(STORAGE_PREFIX + key, value);
  } catch {
    // Quota exceeded: persistence is a cache, losing a write is acceptable.
  }
}

export function removeItem(key: string): void {
  backend()?.removeItem(STORAGE_PREFIX + key);
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

function allKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Deletes keys written by other versions of the app. Returns how many were removed. */
export function removeOtherVersions(): number {
  const storage = backend();
  if (!storage) return 0;
  const stale = allKeys(storage).filter((key) => {
    const match = VERSIONED_KEY.exec(key);
    return match !== null && match[1] !== STORAGE_VERSION;
  });
  stale.forEach((key) => storage.removeItem(key));
  return stale.length;
}

/** Forgets the signed-in person's data (token, cache), keeping device choices like the locale. */
export function clearLocalData(): void {
  const storage = backend();
  if (!storage) return;
  allKeys(storage)
    .filter((key) => key.startsWith(STORAGE_PREFIX))
    .filter((key) => !DEVICE_KEYS.has(key.slice(STORAGE_PREFIX.length)))
    .forEach((key) => storage.removeItem(key));
}
