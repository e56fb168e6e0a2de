// The engine CLI as compiled JavaScript (packages/core/README.md, The engine CLI): runs
// dist/engine.cjs, one file bundled by esbuild from src/cli/main.ts with its npm packages (rrule,
// date-fns) inside, so that nothing is compiled or resolved while it starts. CommonJS, this script
// and the bundle both: Node then never starts its ES module loader, about 6 ms of a 90 ms start.
//
// The bundle is made here first when it is missing or older than one of the files it was made
// from (esbuild lists them in dist/engine.inputs.json), the package's manifest, the lock file or
// this script. The list is written before the bundle, and the bundle beside and renamed, so that
// runs started together never read half a file; a fresh checkout's first run pays the build once.
'use strict';
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const coreDir = join(__dirname, '..');
const bundle = join(coreDir, 'dist', 'engine.cjs');
const inputsFile = join(coreDir, 'dist', 'engine.inputs.json');
const alwaysInputs = [
  join(coreDir, 'package.json'),
  join(coreDir, '..', '..', 'package-lock.json'),
  __filename,
];

/** When the file was last written; a missing file counts as written now (so it forces a build). */
function modifiedAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
}

function recordedInputs() {
  try {
    const paths = JSON.parse(readFileSync(inputsFile, 'utf8'));
    return Array.isArray(paths) ? paths.map((path) => join(coreDir, String(path))) : undefined;
  } catch {
    return undefined;
  }
}

function isStale() {
  const inputs = recordedInputs();
  if (inputs === undefined) return true;
  const builtAt = modifiedAt(bundle);
  return [...inputs, ...alwaysInputs].some((path) => modifiedAt(path) > builtAt);
}

function buildEngine() {
  const { buildSync } = require('esbuild');
  const partial = `${bundle}.${process.pid}.tmp`;
  const { metafile } = buildSync({
    absWorkingDir: coreDir,
    entryPoints: ['src/cli/main.ts'],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20.19',
    metafile: true,
    logLevel: 'warning',
  });
  const inputsPartial = `${inputsFile}.${process.pid}.tmp`;
  writeFileSync(inputsPartial, JSON.stringify(Object.keys(metafile.inputs)));
  renameSync(inputsPartial, inputsFile);
  renameSync(partial, bundle);
}

if (isStale()) buildEngine();
require(bundle);
