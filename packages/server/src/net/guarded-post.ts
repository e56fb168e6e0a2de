import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  guardedLookup,
  hostOf,
  isRefusedHostName,
  PRIVATE_ADDRESS_REFUSED,
  type PrivateHostsAllowed,
} from './private-hosts';

export interface GuardedPostRequest {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  /** From sending to the answer's last byte. */
  timeoutMs: number;
  allowed: PrivateHostsAllowed;
}

/** Answers bodies are read and dropped past this many bytes (a push service answers little). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs to a URL a user handed us (a push endpoint) over node:http(s), never to a refused
 * address: a refused name or address literal fails before any connection, a name is checked on
 * the address the connection really uses. Answers the status; the body is read and dropped.
 */
export function guardedPost(request: GuardedPostRequest): Promise<number> {
  const url = new URL(request.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new Error('not an http(s) URL'));
  if (isRefusedHostName(hostOf(url), request.allowed)) {
    const refused = Object.assign(new Error('refused private host'), {
      code: PRIVATE_ADDRESS_REFUSED,
    });
    return Promise.reject(refused);
  }
  const body = request.body ? Buffer.from(request.body) : undefined;
  const headers = { ...request.headers, 'content-length': String(body?.length ?? 0) };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers,
        ...(request.allowed === 'all' ? {} : { lookup: guardedLookup(request.allowed) }),
      },
      (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) outgoing.destroy(new Error('answer too large'));
        });
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 500);
        });
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new Error('timed out')), request.timeoutMs);
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (body) outgoing.write(body);
    outgoing.end();
  });
}
