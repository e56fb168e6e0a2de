/**
 * The two Chromium builds the browser tests drive, both Debian's packages:
 * - `chromium-headless-shell` (CHROMIUM_HEADLESS_SHELL_PATH) for every spec: the headless
 *   shell draws pages and nothing else. The full browser run headless still builds its own
 *   window UI for every test's context (a renderer of its own) and spent a fifth more CPU on
 *   the accessibility walks (docs/testing-and-ci.md, "What the browsers spend").
 * - `chromium` (CHROMIUM_PATH) where only the full browser has the feature: notifications,
 *   which the headless shell always denies (e2e/push.e2e.ts).
 * scripts/ensure-chromium.mjs finds or installs both.
 */
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const headlessShell = {
  executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell',
  args,
};

export const fullChromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args,
};
