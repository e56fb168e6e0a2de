/** What the multi-node test and benchmark send through the cluster: plain JSON calls. */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The node that answered (its NODE_NAME). */
  servedBy: string;
}

export async function call(
  baseUrl: string,
  method: string,
  body: object,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    servedBy: response.headers.get('x-served-by') ?? '',
  };
}

/** A frame of a live stream and when it arrived (performance.now()). */
interface Frame {
  text: string;
  at: number;
}

/** A live stream read frame by frame, comments (heartbeats) included. */
export interface LiveStream {
  servedBy: string;
  status: number;
  frames: Frame[];
  /** Event names received so far. */
  events(): string[];
  /** Resolves once a frame matching `test` arrived, with its arrival time. */
  next(test: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  /** Whether the server (or a proxy) ended it. */
  ended(): boolean;
  close(): Promise<void>;
}

export async function openLiveStream(baseUrl: string, token: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiters: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  let done = response.status !== 200;
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    let buffer = '';
    while (!done) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      for (const text of parts) {
        const frame = { text, at: performance.now() };
        frames.push(frame);
        for (const waiter of waiters.filter((w) => w.test(frame))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    }
    done = true;
  })();
  return {
    servedBy: response.headers.get('x-served-by') ?? '',
    status: response.status,
    frames,
    events: () => frames.flatMap((f) => /^event: (\w+)$/m.exec(f.text)?.[1] ?? []),
    next(test, ms = 5000) {
      const found = frames.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame in time')), ms);
        waiters.push({
          test,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
    ended: () => done,
    async close() {
      controller.abort();
      await pump;
    },
  };
}
