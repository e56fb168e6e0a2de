import {
  createClient,
  ErrorCode,
  RpcError,
  type CallOptions,
  type InputInit,
  type MethodName,
  type Output,
} from '@planner/protocol/client';
import { recordNetworkFailure, recordServerReached } from './failure-counter';
import { endSession, getSessionToken } from './session';

/** The one protocol client of the app: same origin, under /api (the dev server proxies it). */
const client = createClient({
  baseUrl: '/api',
  getToken: getSessionToken,
  // Looked up per call, so a test double installed on globalThis is used.
  fetch: (input, init) => globalThis.fetch(input, init),
  onNetworkFailure: (failure) => {
    // Spec 4: a background call with retries off and no loading indicator does not count.
    if (!failure.retry && !failure.showLoading) return;
    recordNetworkFailure();
  },
  onSuccess: () => recordServerReached(),
});

const sessionInvalidListeners = new Set<() => void>();

/** Lets the query cache forget everything when the server says the session is gone. */
export function onSessionInvalid(listener: () => void): () => void {
  sessionInvalidListeners.add(listener);
  return () => sessionInvalidListeners.delete(listener);
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
    return await client.call(method, input, options);
  } catch (error) {
    if (isSessionInvalid(error) && getSessionToken() !== null) {
      endSession();
      sessionInvalidListeners.forEach((listener) => listener());
    }
    throw error;
  }
}
