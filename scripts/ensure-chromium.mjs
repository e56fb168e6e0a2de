// Finds Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium. When it is absent
// and we are root, installs Debian's package; otherwise stops with one line saying how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log('Chromium is missing: installing Debian package chromium...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `Chromium not found at ${path}: install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}
