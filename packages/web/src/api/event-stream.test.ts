import { describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';

interface Seen {
  url: string;
  authorization: string | null;
}

/** A fetch answering each connection with the next scripted answer (a stream of chunks). */
function scriptedFetch(answers: (() => Response)[], seen: Seen[]): typeof fetch {
  return async (input, init) => {
    seen.push({
      url: String(input),
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => undefined);
    return next();
  };
}

function sse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 2000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('openEventStream', () => {
  it('sends the token in the authorization header, never in the URL, and emits each event', async () => {
    const seen: Seen[] = [];
    const events: string[] = [];
    const stream = openEventStream('/api/events', {
      getToken: () => 'secret-token',
      retryMs: 1,
      fetch: scriptedFetch(
        [
          () =>
            sse([
              'retry: 5000\n\nevent: ready\ndata: {}\n\n: ping\n\nevent: timeline',
              'StateUpdated\ndata: {"type":"timelineStateUpdated","self":false}\n\n',
              'event: categoryUpdated\r\ndata: {}\r\n\r\n',
            ]),
        ],
        seen,
      ),
    });
    for (const type of ['ready', 'timelineStateUpdated', 'categoryUpdated', 'error']) {
      stream.addEventListener(type, () => events.push(type));
    }
    await until(() => seen.length === 2);
    stream.close();
    expect(events).toEqual(['ready', 'timelineStateUpdated', 'categoryUpdated', 'error']);
    expect(seen[0]).toEqual({ url: '/api/events', authorization: 'Bearer secret-token' });
  });

  it('reconnects after a drop with the current token, and stops for good on 401', async () => {
    const seen: Seen[] = [];
    let token = 'first';
    let refused = 0;
    const stream = openEventStream('/api/events', {
      getToken: () => token,
      retryMs: 1,
      onSessionRefused: () => (refused += 1),
      fetch: scriptedFetch(
        [
          () => {
            token = 'second';
            return sse(['event: ready\n\n']);
          },
          () => new Response('{}', { status: 401 }),
          () => sse(['event: ready\n\n']),
        ],
        seen,
      ),
    });
    await until(() => seen.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.close();
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer first', 'Bearer second']);
    // The session was ended elsewhere: it ends here too, once.
    expect(refused).toBe(1);
  });
});
