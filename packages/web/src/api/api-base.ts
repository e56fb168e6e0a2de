import { readJson, writeJson } from '../storage/local-storage';

/**
 * Which API server this device talks to (spec 3: the API endpoint choice, a device option).
 * `local` is the app's own origin under /api; the named servers and a custom address are a
 * developer's choice, made in the hidden developer dialog or the login screen's hidden chooser.
 */
export const API_ENDPOINTS = ['local', 'production', 'test', 'wip', 'custom'] as const;
export type ApiEndpoint = (typeof API_ENDPOINTS)[number];
export type NamedApiEndpoint = Exclude<ApiEndpoint, 'local' | 'custom'>;
export const NAMED_API_ENDPOINTS: readonly NamedApiEndpoint[] = ['production', 'test', 'wip'];

/** The choice as stored: the address is resolved when chosen, so a call never waits for it. */
export interface ApiChoice {
  endpoint: ApiEndpoint;
  /** The API base, e.g. `/api` or `https://api.example.com/api`. */
  baseUrl: string;
}

export const LOCAL_API_BASE = '/api';
export const LOCAL_API_CHOICE: ApiChoice = { endpoint: 'local', baseUrl: LOCAL_API_BASE };

const CHOICE_KEY = 'apiEndpoint';

function isApiChoice(value: unknown): value is ApiChoice {
  if (typeof value !== 'object' || value === null) return false;
  const endpoint: unknown = Reflect.get(value, 'endpoint');
  const baseUrl: unknown = Reflect.get(value, 'baseUrl');
  return (
    typeof endpoint === 'string' &&
    (API_ENDPOINTS as readonly string[]).includes(endpoint) &&
    typeof baseUrl === 'string' &&
    (endpoint === 'local' ? baseUrl === LOCAL_API_BASE : parseApiBase(baseUrl) === baseUrl)
  );
}

/** This device's choice; anything unreadable counts as local. */
export function readApiChoice(): ApiChoice {
  return readJson(CHOICE_KEY, isApiChoice) ?? LOCAL_API_CHOICE;
}

export function writeApiChoice(choice: ApiChoice): void {
  writeJson(CHOICE_KEY, choice);
}

/** The base every call goes to, read per call so a new choice applies at once. */
export function currentApiBase(): string {
  return readApiChoice().baseUrl;
}

/**
 * An absolute http(s) address without credentials, query or fragment, with no trailing slash;
 * null for anything else (a typed address is checked before it is stored).
 */
export function parseApiBase(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The addresses the build was made with (VITE_API_PRODUCTION, VITE_API_TEST, VITE_API_WIP). */
export function buildTimeApiBases(
  env: Record<string, unknown> = import.meta.env,
): Partial<Record<NamedApiEndpoint, string>> {
  const names: Record<NamedApiEndpoint, string> = {
    production: 'VITE_API_PRODUCTION',
    test: 'VITE_API_TEST',
    wip: 'VITE_API_WIP',
  };
  const bases: Partial<Record<NamedApiEndpoint, string>> = {};
  for (const endpoint of NAMED_API_ENDPOINTS) {
    const value = env[names[endpoint]];
    const base = typeof value === 'string' ? parseApiBase(value) : null;
    if (base) bases[endpoint] = base;
  }
  return bases;
}
