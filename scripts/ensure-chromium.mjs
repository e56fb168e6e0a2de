// Finds the two Chromium builds the browser tests drive (packages/web/e2e/browsers.ts): the
// headless shell at CHROMIUM_HEADLESS_SHELL_PATH or /usr/bin/chromium-headless-shell, the full
// browser at CHROMIUM_PATH or /usr/bin/chromium. When one is absent and we are root, installs
// Debian's package; otherwise stops with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browsers = [
  {
    variable: 'CHROMIUM_HEADLESS_SHELL_PATH',
    path: '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
  },
  { variable: 'CHROMIUM_PATH', path: '/usr/bin/chromium', pkg: 'chromium' },
];
const missing = browsers.filter(({ variable, path }) => !existsSync(process.env[variable] || path));
const named = missing.filter(({ variable }) => process.env[variable]);
if (missing.length > 0) {
  if (process.getuid?.() === 0 && named.length === 0) {
    const packages = missing.map(({ pkg }) => pkg);
    console.log(`Chromium is missing: installing Debian's ${packages.join(' and ')}...`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    for (const { variable, path, pkg } of missing) {
      console.error(
        `${pkg} not found at ${process.env[variable] || path}: install it (sudo apt-get install ${pkg}) or set ${variable}.`,
      );
    }
    process.exit(1);
  }
}
