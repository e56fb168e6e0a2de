import {
  createClient,
  ErrorCode,
  RpcError,
  type CallOptions,
  type Client,
  type ClientOptions,
  type InputInit,
  type MethodName,
  type Output,
} from '@planner/protocol/client';
import type { ChainOutputs, ChainStepInit } from '@planner/protocol';
import { createStore } from 'zustand/vanilla';
import { currentApiBase } from './api-base';
import { recordNetworkFailure, recordServerReached } from './failure-counter';
import { recordSentRequest } from './sent-requests';
import { endSession, getSessionToken } from './session';

const clientOptions: Omit<ClientOptions, 'baseUrl'> = {
  getToken: getSessionToken,
  // Looked up per call, so a test double installed on globalThis is used.
  fetch: (input, init) => globalThis.fetch(input, init),
  onNetworkFailure: (failure) => {
    // Spec 4: a background call with retries off and no loading indicator does not count.
    if (!failure.retry && !failure.showLoading) return;
    recordNetworkFailure();
  },
  onSuccess: () => recordServerReached(),
  // A re-plan names the request that caused it; the agenda asks whether this tab sent it.
  onCallStart: (info) => recordSentRequest(info.requestId),
};

let current: { baseUrl: string; client: Client } | undefined;

/**
 * The app's protocol client for the API base this device chose (same origin under /api unless a
 * developer chose another server): the choice is read per call, and a new base gets a new client.
 */
function clientForCurrentBase(): Client {
  const baseUrl = currentApiBase();
  if (current?.baseUrl !== baseUrl)
    current = { baseUrl, client: createClient({ ...clientOptions, baseUrl }) };
  return current.client;
}

/** How long a probe of another server may take before it counts as unreachable. */
const PROBE_TIMEOUT_MS = 5000;

/**
 * Asks a server that is not (yet) this device's choice for its versions (Meta, no sign-in
 * needed): one try, no retries, no effect on the connectivity notice.
 */
export function probeApiBase(baseUrl: string): Promise<Output<'Meta'>> {
  const probe = createClient({
    baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  return probe.call('Meta', undefined, {
    retry: false,
    showLoading: false,
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
}

/** How many times the server said the session is gone: each time, the subscribers hear it. */
const sessionInvalidations = createStore<{ count: number }>(() => ({ count: 0 }));

/** Lets the query cache forget everything when the server says the session is gone. */
export function onSessionInvalid(listener: () => void): () => void {
  return sessionInvalidations.subscribe(() => listener());
}

function endInvalidSession(): void {
  endSession();
  sessionInvalidations.setState((state) => ({ count: state.count + 1 }));
}

/**
 * The server refused this session outside a call (the event stream's 401): it ends as after a
 * call answered code 16, unless it already ended.
 */
export function endRefusedSession(): void {
  if (getSessionToken() !== null) endInvalidSession();
}

export function isSessionInvalid(error: unknown): boolean {
  return error instanceof RpcError && error.code === ErrorCode.SessionInvalid;
}

/**
 * Every screen calls the server through this. Code 16 from any call ends the session here (token
 * and local data wiped); the route guard then sends the person to /login.
 */
export async function call<M extends MethodName>(
  method: M,
  input?: InputInit<M>,
  options?: CallOptions,
): Promise<Output<M>> {
  try {
    return await clientForCurrentBase().call(method, input, options);
  } catch (error) {
    if (isSessionInvalid(error) && getSessionToken() !== null) {
      endInvalidSession();
    }
    throw error;
  }
}

/**
 * Several calls in one request and one server transaction (`Chain`), each answer typed by its
 * step: `chain([{ method: 'SetEmail', data }, { method: 'GetUserProfile' }])`. Fails as a whole
 * with the failing step's error, ending the session on code 16 like `call`.
 */
export async function chain<const S extends readonly ChainStepInit[]>(
  steps: S,
  options?: CallOptions,
): Promise<ChainOutputs<S>> {
  try {
    return await clientForCurrentBase().chain(steps, options);
  } catch (error) {
    if (isSessionInvalid(error) && getSessionToken() !== null) {
      endInvalidSession();
    }
    throw error;
  }
}
