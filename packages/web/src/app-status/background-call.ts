import { createClient, type Client, type InputInit } from '@planner/protocol/client';
import { currentApiBase } from '../api/api-base';
import { getSessionToken } from '../api/session';

/** The calls that may go out as the page goes away. */
type BackgroundMethod = 'OnAppInactive' | 'GetUserActiveStatus' | 'CreateFrontendLog';

let current: { baseUrl: string; client: Client } | undefined;

/**
 * A client whose requests are `keepalive`: the browser finishes them even when the tab is being
 * closed, which is exactly when OnAppInactive and a last error report go out. One try, no
 * loading indicator, and no effect on the connectivity notice (they are not the person's work).
 */
function backgroundClient(): Client {
  const baseUrl = currentApiBase();
  if (current?.baseUrl !== baseUrl) {
    current = {
      baseUrl,
      client: createClient({
        baseUrl,
        getToken: getSessionToken,
        fetch: (input, init) => globalThis.fetch(input, { ...init, keepalive: true }),
        retryPolicy: () => ({ retries: 0, delayMs: 0 }),
      }),
    };
  }
  return current.client;
}

/**
 * Tells the server something in the background, signed in only; a failure is dropped (a lost
 * OnAppInactive is covered by the server's silence rule, a lost report by the next one).
 */
export async function sendInBackground<M extends BackgroundMethod>(
  method: M,
  input?: InputInit<M>,
): Promise<void> {
  if (!getSessionToken()) return;
  try {
    await backgroundClient().call(method, input, { retry: false, showLoading: false });
  } catch {
    // Nothing to show or retry: see above.
  }
}
