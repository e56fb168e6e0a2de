import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headlessShell } from './e2e/browsers';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// The config is read again in every worker: the port and data folder are chosen once, in the
// runner, and handed down through the environment.
if (!process.env.PLANNER_E2E_PORT) {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.PLANNER_E2E_PORT = execFileSync(process.execPath, ['-e', script]).toString().trim();
}
// The stand-ins for Google (a real OpenID provider) and Facebook (a fake of its edge), for
// e2e/social-sign-in.e2e.ts: one process, started beside the app's server.
for (const name of [
  'PLANNER_E2E_CLOCK_PORT',
  'PLANNER_E2E_OIDC_PORT',
  'PLANNER_E2E_FACEBOOK_PORT',
  'PLANNER_E2E_GCAL_PORT',
]) {
  if (!process.env[name]) {
    const script =
      "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
    process.env[name] = execFileSync(process.execPath, ['-e', script]).toString().trim();
  }
}
if (!process.env.PLANNER_E2E_DATA_DIR) {
  process.env.PLANNER_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'planner-e2e-'));
}
// Where the server mails feedback; the tests (workers inherit this process's environment) look
// for it in the outbox.
const FEEDBACK_TO = 'feedback@planner.test';
process.env.PLANNER_E2E_FEEDBACK_TO = FEEDBACK_TO;
// A web build made beforehand (CI builds once, for these tests and the native shells): served as
// it is. Without it, each run builds into its own folder.
const prebuilt = process.env.PLANNER_E2E_WEB_DIST;
if (prebuilt && !existsSync(join(prebuilt, 'index.html'))) {
  throw new Error(`PLANNER_E2E_WEB_DIST=${prebuilt} holds no built app (index.html)`);
}
const port = process.env.PLANNER_E2E_PORT;
const dataDir = process.env.PLANNER_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The clock lanes' own server: its clock moves (AgendaApi.setClock), so no other test ever sees
 * a session end or a day turn under it. Its data lives in DATA_DIR/clock (e2e/run-server.ts).
 */
const clockBaseURL = `http://127.0.0.1:${process.env.PLANNER_E2E_CLOCK_PORT}`;
const webDist = prebuilt ? resolve(prebuilt) : join(dataDir, 'web');
const oidcUrl = `http://127.0.0.1:${process.env.PLANNER_E2E_OIDC_PORT}`;
const facebookUrl = `http://127.0.0.1:${process.env.PLANNER_E2E_FACEBOOK_PORT}`;
/** The fake Google Calendar API (its HTTP edge), served with the sign-in stand-ins; tests read PLANNER_E2E_GCAL_PORT. */
const googleCalendarUrl = `http://127.0.0.1:${process.env.PLANNER_E2E_GCAL_PORT}`;

/**
 * The desktop runs as a person who asked for less motion: MUI's transitions and ripples end at
 * once (the theme follows the setting), which spares the browsers drawing every frame of them.
 * The phone keeps the motion, so the animated paths (the drawer's slide, dialogs fading) stay
 * tested on the first-day walk and the phone's screens.
 */
const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  reducedMotion: 'reduce' as const,
};
const phone = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 5'].userAgent,
};
/** Specs that set the server's clock (AgendaApi.setClock). */
const CLOCK_SPECS = [
  '**/agenda.e2e.ts',
  '**/agenda-drag.e2e.ts',
  '**/agenda-screens.e2e.ts',
  '**/agenda-performance.e2e.ts',
  '**/agenda-first-use.e2e.ts',
  '**/agenda-newcomer.e2e.ts',
  '**/agenda-planning.e2e.ts',
  '**/keyboard.e2e.ts',
  '**/analysis.e2e.ts',
  '**/share-estimates.e2e.ts',
  '**/push.e2e.ts',
];

/**
 * Tests that prove something about the phone: its layout, touch, the first-day walk. Only these
 * run on the phone projects (every test runs on desktop); a test says so with `@phone` at the end
 * of its title (or `{ tag: '@phone' }`). PLANNER_PHONE_ALL=1 runs every spec on the phone too (screenshots of all).
 */
const PHONE_ONLY = process.env.PLANNER_PHONE_ALL ? {} : { grep: /@phone\b/ };

/**
 * Workers: each test signs up its own person, so specs run side by side; the clock specs keep
 * one worker of their own (the lanes below). Two cores: three workers keep both busy while the
 * browsers wait on the server.
 */
const WORKERS = Number(process.env.PLANNER_E2E_WORKERS) || 3;

/**
 * The real server from its sources, on a fresh database in `data` (a shared server build could be
 * stale or half-written); `before` runs first (the web build, or a wait for it).
 */
function appServer(url: string, data: string, before: string) {
  const serverPort = new URL(url).port;
  return {
    command: `${before}npm run start:source -w @planner/server`,
    cwd: repoRoot,
    url: `${url}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: serverPort,
      HOST: '127.0.0.1',
      DATA_DIR: data,
      PLANNER_TEST_CLOCK: '1',
      // Every test signs up a fresh person from one address: the sign-up limit would stop the suite.
      RATE_LIMITS: 'off',
      DATABASE_URL: '',
      WEB_DIST: webDist,
      // What GetCloudConfig answers (e2e/about.e2e.ts): social links, the developer jump (its
      // password is JUMP_PASSWORD there) and a test API server (this one).
      CLOUD_CONFIG: JSON.stringify({
        socialLinks: JSON.stringify([
          { network: 'x', url: 'https://x.com/planner' },
          { network: 'github', url: 'https://github.com/planner' },
        ]),
        developerJumpHash: createHash('sha256').update('open sesame').digest('hex'),
        developerJumpUrl: `${url}/help`,
        apiTest: `${url}/api`,
        // The premium screen (e2e/premium.e2e.ts): a campaign on the yearly Unlimited plan
        // ending at PREMIUM_CAMPAIGN_END there, and the store apps' pages.
        PRICE_PARAMS: JSON.stringify({
          unlimited: { yearly: { base: 14.99, baseSave: 38, current: 9.99, off: 33 } },
          salesCampaign: { title: 'Winter sale', expireAt: Date.UTC(2030, 0, 1) },
        }),
        appStoreUrl: 'https://apps.apple.com/app/planner/id0000000000',
        googlePlayUrl: 'https://play.google.com/store/apps/details?id=app.planner',
      }),
      // The feedback form's messages are mailed to the outbox (e2e/help-feedback.e2e.ts).
      FEEDBACK_TO: FEEDBACK_TO,
      // Google and Facebook sign-in against the stand-ins above (their fixed test clients).
      GOOGLE_ISSUER: oidcUrl,
      GOOGLE_CLIENT_ID: 'planner-test',
      GOOGLE_CLIENT_SECRET: 'planner-test-secret-0123456789abcdef',
      FACEBOOK_CLIENT_ID: '1234567890',
      FACEBOOK_CLIENT_SECRET: 'fake-facebook-app-secret',
      FACEBOOK_DIALOG_URL: `${facebookUrl}/v19.0/dialog/oauth`,
      FACEBOOK_GRAPH_URL: `${facebookUrl}/v19.0`,
      // Calendar sync: the fake Calendar API above, and Radicale started by the tests on this
      // machine (a private address, which production refuses).
      GOOGLE_CALENDAR_API_URL: `${googleCalendarUrl}/calendar/v3`,
      CALDAV_ALLOW_PRIVATE_HOSTS: '1',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  // Each run its own results folder: runs side by side never delete each other's traces.
  outputDir: join(dataDir, 'test-results'),
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // PLANNER_E2E_JSON: a JSON report too (CI reads each file's time from it).
  reporter: [
    ['list'],
    ...(process.env.PLANNER_E2E_JSON
      ? [['json', { outputFile: process.env.PLANNER_E2E_JSON }] as const]
      : []),
    ...(process.env.CI
      ? []
      : [['html', { open: 'never', outputFolder: 'playwright-report' }] as const]),
  ],
  use: {
    baseURL,
    launchOptions: headlessShell,
    // The service worker precaches the whole app (539 files, 3.6 MB) in every test's fresh
    // context: a quarter of the browsers' and the server's work for specs that test nothing
    // offline. The app runs online only without it, as in a private window; the specs of the
    // worker (offline, offline start, push) allow it (docs/testing-and-ci.md).
    serviceWorkers: 'block',
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    // A trace records a screencast of every test: a third of the browsers' CPU. CI keeps the
    // failure's screenshot and page snapshot; a trace is for a run on one's own machine.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The specs that move the server's clock (PLANNER_TEST_CLOCK=1) run in lanes of their own,
  // one test at a time, the phone lane after the desktop one, against a server of their own:
  // the other specs run beside them on a server whose clock nobody moves. The phone projects
  // run only the tests tagged PHONE (docs/testing-and-ci.md). The clock lanes come first in the
  // queue, so their one worker starts with the run instead of after everything else.
  projects: [
    {
      name: 'desktop-clock',
      use: { ...desktop, baseURL: clockBaseURL },
      testMatch: CLOCK_SPECS,
      workers: 1,
    },
    {
      name: 'phone-clock',
      use: { ...phone, baseURL: clockBaseURL },
      testMatch: CLOCK_SPECS,
      workers: 1,
      dependencies: ['desktop-clock'],
      ...PHONE_ONLY,
    },
    // Every test of these signs up a person of its own: the tests of one file run side by side
    // too (a long file such as the accessibility walks is no serial tail); a group that must
    // keep its order says so (test.describe.configure).
    { name: 'desktop', use: desktop, testIgnore: CLOCK_SPECS, fullyParallel: true },
    { name: 'phone', use: phone, testIgnore: CLOCK_SPECS, fullyParallel: true, ...PHONE_ONLY },
  ],
  webServer: [
    {
      command:
        'node --import tsx packages/server/src/social-sign-in/testing/serve-test-providers.ts',
      cwd: repoRoot,
      url: `${oidcUrl}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PLANNER_URL: baseURL,
        OIDC_TEST_PORT: process.env.PLANNER_E2E_OIDC_PORT ?? '',
        FACEBOOK_TEST_PORT: process.env.PLANNER_E2E_FACEBOOK_PORT ?? '',
        GCAL_TEST_PORT: process.env.PLANNER_E2E_GCAL_PORT ?? '',
      },
    },
    // Builds the web app (unless PLANNER_E2E_WEB_DIST names a build) into this run's own folder
    // (runs side by side never overwrite each other's app), then starts the server.
    appServer(
      baseURL,
      dataDir,
      prebuilt ? '' : `npm run build -w @planner/web -- --outDir ${webDist} && `,
    ),
    // The clock lanes' server starts once the app is built.
    appServer(
      clockBaseURL,
      join(dataDir, 'clock'),
      `until [ -f ${join(webDist, 'index.html')} ]; do sleep 1; done; `,
    ),
  ],
});
