import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends; images and fonts are compressed already, source maps are not served hot. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `file.br` (brotli, best) and `file.gz` (gzip, level 9) beside `file`. */
async function compressFile(path: string): Promise<void> {
  const body = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  // A copy no smaller than the file is left out: the server then sends the file itself.
  if (br.length < body.length) await writeFile(`${path}.br`, br);
  if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
}

/**
 * Brotli and gzip copies of the built text files, made once at build time so the server sends
 * them without compressing per request (@fastify/static's preCompressed, chosen by the
 * browser's Accept-Encoding: packages/server/src/static-files.ts). Runs after everything else
 * has written its files, the service worker included.
 */
export function compressBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'planner-compress-build',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const files = (await filesUnder(outDir)).filter((path) => COMPRESSIBLE.test(path));
        const sized = await Promise.all(
          files.map(async (path) => ({ path, ...(await stat(path)) })),
        );
        await Promise.all(
          sized.filter((file) => file.size >= MIN_BYTES).map((file) => compressFile(file.path)),
        );
      },
    },
  };
}
