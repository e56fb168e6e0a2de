import { relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** A year: what a browser may keep a file whose name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again (a 304 when unchanged) before each use. */
const REVALIDATE = 'no-cache';

/**
 * How long a browser may keep a file of the built web app (docs/running-in-production.md,
 * "Static files"). Vite names everything under `assets/` after its content, so a new build
 * never reuses a name: those are kept a year without asking. Every other file keeps its name
 * across builds and is asked again each time: index.html (which names the current assets), the
 * service worker (browsers check it themselves, but a cached copy would delay an update), the
 * icons and the manifest.
 */
function cacheControlFor(webDist: string, path: string): string {
  // A pre-compressed copy is sent for the file it compresses.
  const served = relative(webDist, path.replace(/\.(br|gz)$/, ''));
  return served.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/**
 * @fastify/static's options for the web app: the brotli or gzip copy the build made beside a
 * file (packages/web/build/compress.ts) is sent when the browser accepts it (preCompressed),
 * else the file itself; caching per `cacheControlFor`.
 */
export function staticFileOptions(webDist: string): FastifyStaticOptions {
  return {
    root: webDist,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', cacheControlFor(webDist, path));
      // The answer depends on Accept-Encoding: caches between must keep one per encoding.
      response.setHeader('vary', 'accept-encoding');
    },
  };
}
