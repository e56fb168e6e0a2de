import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

// docs/design.md, Performance budgets: the JavaScript a signed-in person downloads before the agenda paints stays under
// 250 KB gzipped. Measured on a cold cache from what the browser actually fetched.
const BUDGET_BYTES = 250_000;

test('the first load of the agenda stays under 250 KB of gzipped JS', async ({
  page,
  browser,
}, testInfo) => {
  const login = new LoginPage(page);
  await page.goto('/login');
  await login.signUp(newEmail('budget'), GOOD_PASSWORD);
  await new ShellPage(page).expectAgenda();
  const storageState = await page.context().storageState();

  const { viewport, isMobile, hasTouch, userAgent } = testInfo.project.use;
  const context = await browser.newContext({
    storageState,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
  });
  const cold = await context.newPage();
  const scripts: Promise<number>[] = [];
  cold.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body).length));
    }
  });
  await cold.goto('/agenda');
  await new ShellPage(cold).expectAgenda();
  const sizes = await Promise.all(scripts);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  testInfo.annotations.push({ type: 'first-load-gzip-bytes', description: String(total) });
  console.log(
    `${testInfo.project.name} agenda first load: ${sizes.length} scripts, ${total} B gzipped`,
  );
  expect(total).toBeLessThan(BUDGET_BYTES);
  await context.close();
});
