/**
 * The request ids this tab sent lately, newest last. Not server state: the server names the
 * request that caused a re-plan (`cause_request`), and a screen asks here whether it was its own.
 */
const LIMIT = 200;
const order: string[] = [];
const known = new Set<string>();

export function recordSentRequest(requestId: string): void {
  if (known.has(requestId)) return;
  known.add(requestId);
  order.push(requestId);
  if (order.length > LIMIT) known.delete(order.shift() ?? '');
}

/** Whether this tab sent the request with that id (among its last 200 calls). */
export function wasSentHere(requestId: string): boolean {
  return requestId !== '' && known.has(requestId);
}
