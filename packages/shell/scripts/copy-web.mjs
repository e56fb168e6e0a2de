/* global process, console */
// Copies the built web app (packages/web/dist) into www/, the shells' webDir. Builds the web app
// first when it has not been built (or when --build is given).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const shell = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(shell, '..', '..');
const dist = join(root, 'packages', 'web', 'dist');
const www = join(shell, 'www');

if (process.argv.includes('--build') || !existsSync(join(dist, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@planner/web'], { cwd: root, stdio: 'inherit' });
}
rmSync(www, { recursive: true, force: true });
cpSync(dist, www, {
  recursive: true,
  // Source maps and the bundle report stay out of the app packages.
  filter: (path) => !path.endsWith('.map') && !path.endsWith('bundle-report.html'),
});
console.log(`Copied ${dist} to ${www}`);
