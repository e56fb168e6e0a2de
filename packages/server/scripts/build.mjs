// Bundles the server and our workspace packages (core, protocol: TypeScript sources) into one
// ES module that plain `node` runs; npm packages stay imports, resolved from node_modules at
// run time (native addons such as better-sqlite3 cannot be bundled).
import { fileURLToPath, URL } from 'node:url';
import process from 'node:process';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Bare imports are npm packages, left to Node, except ours. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@planner/') ? undefined : { path: args.path, external: true },
    );
  },
};

// `node scripts/build.mjs [entry outdir]`: the server by default; the mixed-load benchmark builds
// its load server the same way (bench/mixed-load.bench.ts), so that it measures what runs in
// production.
const [entry = 'src/main.ts', outdir = 'dist'] = process.argv.slice(2);

await build({
  absWorkingDir: serverDir,
  entryPoints: [entry],
  // The output must stay two folders below the repository root: config.ts finds the root
  // (DATA_DIR, WEB_DIST) relative to its own file.
  outdir,
  bundle: true,
  // The app is a chunk of its own, which the cluster's primary never loads.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
