// The engine CLI as compiled JavaScript (packages/core/README.md, The engine CLI): runs
// dist/engine.mjs, one ES module bundled by esbuild from src/cli/main.ts with its npm packages
// (rrule, date-fns) inside, so that nothing is compiled or resolved while it starts. The bundle
// is made here first when it is missing or older than a source file, the package's manifest or
// the lock file (written beside and renamed, so that runs started together never read half a
// file); a fresh checkout's first run pays that once.
import { readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const coreDir = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(coreDir, 'dist', 'engine.mjs');

function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : modifiedAt(path));
  }
  return newest;
}

async function buildEngine() {
  const { build } = await import('esbuild');
  const partial = `${bundle}.${process.pid}.tmp`;
  await build({
    absWorkingDir: coreDir,
    entryPoints: ['src/cli/main.ts'],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // rrule's CommonJS build needs `require` inside an ES module.
    banner: {
      js: "import { createRequire as __engineRequire } from 'node:module'; const require = __engineRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  renameSync(partial, bundle);
}

const sources = Math.max(
  newestUnder(join(coreDir, 'src')),
  modifiedAt(join(coreDir, 'package.json')),
  modifiedAt(join(coreDir, '..', '..', 'package-lock.json')),
);
if (modifiedAt(bundle) < sources) await buildEngine();
await import(pathToFileURL(bundle).href);
