import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reportFrontendError } from './report-errors';

/** A screen's code that has not arrived in this long counts as failed (spec 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A screen's code could not be loaded: the network, or a deploy replaced the files. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * `load()`, failing with a ChunkLoadError once it fails or after `timeoutMs`. The failure is
 * reported to the server here (the error boundary then shows the retry notice).
 */
export function loadChunk<T>(
  screen: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading ${screen} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load(), timeout])
    .catch((error: unknown) => {
      if (error instanceof ChunkLoadError) {
        reportFrontendError(error);
        throw error;
      }
      // The browser's words ("Failed to fetch dynamically imported module") go in the stack:
      // as the message they would match the ignore list's "failed to fetch".
      const failure = new ChunkLoadError(`Loading ${screen} failed`, { cause: error });
      reportFrontendError(failure, `Caused by: ${describe(error)}`);
      throw failure;
    })
    .finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** React.lazy for a route's screen, with the spec's timeout and the failure reported. */
export function lazyScreen<T extends ComponentType<object>>(
  screen: string,
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadChunk(screen, load));
}
