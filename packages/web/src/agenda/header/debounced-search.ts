/**
 * Spec 7: search waits 300 ms after the last keystroke, and an answer for an older query is
 * dropped when a newer query was asked meanwhile (slow answers must not overwrite fresh ones).
 */
export function createDebouncedSearch<R>(options: {
  delayMs: number;
  fetch: (query: string) => Promise<R>;
  onResult: (query: string, result: R) => void;
  onError?: (error: unknown) => void;
}): { search: (query: string) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  return {
    search(query) {
      clearTimeout(timer);
      const ticket = ++latest;
      timer = setTimeout(() => {
        options.fetch(query).then(
          (result) => {
            if (ticket === latest) options.onResult(query, result);
          },
          (error: unknown) => {
            if (ticket === latest) options.onError?.(error);
          },
        );
      }, options.delayMs);
    },
    cancel() {
      clearTimeout(timer);
      latest += 1;
    },
  };
}
