/** A test's reader of `GET /api/events`: the frames it got, and whether the server ended it. */
export interface StreamReader {
  response: Response;
  /** The event names received so far. */
  events(): string[];
  /** Waits (up to 3 s) until `count` events arrived; answers the events. */
  waitFor(count: number): Promise<string[]>;
  /** Resolves true once the server ended the stream (false after `ms` without). */
  ended(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the user's event stream (token in the authorization header) and reads it. */
export async function openStream(baseUrl: string, token: string): Promise<StreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: string[] = [];
  let buffer = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) {
        done = true;
        return;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts);
    }
  })();
  const events = () => frames.flatMap((f) => /^event: (\w+)$/m.exec(f)?.[1] ?? []);
  const until = async (condition: () => boolean, ms: number) => {
    for (let waited = 0; !condition() && waited < ms; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    response,
    events,
    async waitFor(count) {
      await until(() => events().length >= count, 3000);
      return events();
    },
    async ended(ms = 3000) {
      await until(() => done, ms);
      return done;
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
