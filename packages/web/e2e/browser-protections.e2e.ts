import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { GOOD_PASSWORD, newEmail } from './support';

test('the app runs under its Content-Security-Policy, and the live stream sends no token in its URL', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Refused to load: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const streamRequest = page.waitForRequest((request) => request.url().includes('/api/events'));

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.signUp(newEmail('csp'), GOOD_PASSWORD);
  await shell.expectAgenda();

  const stream = await streamRequest;
  expect(stream.url()).not.toContain('token');
  expect(await stream.headerValue('authorization')).toMatch(/^Bearer \S+/);
  expect(violations).toEqual([]);
});
