/** What the agenda uses of a live event stream (the part of EventSource it needs). */
export interface LiveEventStream {
  addEventListener(type: string, listener: () => void): void;
  close(): void;
}

export interface EventStreamOptions {
  /** Read before every (re)connection; no token, no stream. */
  getToken: () => string | null;
  /** The pause before reconnecting after the stream dropped (the server asks for 5 s). */
  retryMs?: number;
  /** The server refused the session (401): it was ended elsewhere, so it ends here too. */
  onSessionRefused?: () => void;
  fetch?: typeof fetch;
}

const SESSION_INVALID = 401;

/**
 * The server's event stream read with fetch, so the session token travels in the authorization
 * header: EventSource can only put it in the URL, where proxy logs and history keep it. Like
 * EventSource it dispatches each frame's `event:` name, 'error' when the stream drops, and
 * reconnects after `retryMs`; a refused session (401) ends it for good.
 */
export function openEventStream(url: string, options: EventStreamOptions): LiveEventStream {
  const target = new EventTarget();
  const controller = new AbortController();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const emit = (type: string) => target.dispatchEvent(new Event(type));

  async function connectOnce(token: string): Promise<'again' | 'stop'> {
    const response = await doFetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (response.status === SESSION_INVALID) return 'stop';
    if (!response.ok || !response.body) return 'again';
    await readFrames(response.body, emit);
    return 'again';
  }

  async function run(): Promise<void> {
    for (;;) {
      const token = options.getToken();
      if (!token || controller.signal.aborted) return;
      const outcome = await connectOnce(token).catch(() => 'again' as const);
      if (controller.signal.aborted) return;
      emit('error');
      if (outcome === 'stop') {
        options.onSessionRefused?.();
        return;
      }
      await pause(options.retryMs ?? 5000, controller.signal);
    }
  }

  void run();
  return {
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    close: () => controller.abort(),
  };
}

/** Reads server-sent event frames (blank-line separated) and emits each one's event name. */
async function readFrames(
  body: ReadableStream<Uint8Array>,
  emit: (type: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      const name = /^event: ?(.+)$/m.exec(frame)?.[1];
      // A frame of comments only (the server's keep-alive ping) is no event.
      if (name) emit(name);
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
