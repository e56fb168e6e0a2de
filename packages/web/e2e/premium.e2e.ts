import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { withRunDatabase } from './run-database';
import { AgendaApi } from './agenda-api';
import { deviceOf, GOOD_PASSWORD, newEmail, saveShot } from './support';

/*
 * The premium screen: the plans with the prices and the sales campaign from CLOUD_CONFIG
 * (PRICE_PARAMS in playwright.config.ts), the store dialog, and the status of a subscribed
 * account.
 *
 * A subscription is bought in a store app and verified by the server with the store; a browser
 * test has neither, so the subscribed account gets its rows by SQL on the run's SQLite file (as
 * e2e/about.e2e.ts does for debugEnabled). The server's own tests verify purchases against fake
 * stores (packages/server/src/subscriptions).
 *
 * The drawer's Premium entry stays hidden until the lead turns it on, so the screen is opened by
 * its address once; everything after is clicks.
 */

/** PRICE_PARAMS.salesCampaign.expireAt in playwright.config.ts. */
const CAMPAIGN_END = Date.UTC(2030, 0, 1);

/** The whole page, or what shows (a dialog over the page). */
async function shoot(page: Page, name: string, device: string, fullPage = true): Promise<void> {
  await saveShot(page, `premium-${name}-${device}`, { animations: 'disabled', fullPage });
}

async function signedIn(page: Page, baseURL: string, label: string) {
  const api = new AgendaApi(baseURL);
  const email = newEmail(label);
  await api.signUp(email, GOOD_PASSWORD);
  await api.finishTutorials('onboarding', 'firstTask', 'autoExtend');
  await api.signInPage(page);
  return { api, email };
}

interface Row {
  sku: string;
  store: 'google_play' | 'app_store';
  active: boolean;
  expiresAt: number;
}

/** Store-verified subscriptions, written as the server writes them once a store confirmed. */
function giveSubscriptions(email: string, rows: readonly Row[]): void {
  withRunDatabase((database) => {
    const user = database.prepare('SELECT user_id FROM users WHERE email = ?').get(email) as
      { user_id: string } | undefined;
    expect(user).toBeDefined();
    const insert = database.prepare(
      `INSERT INTO subscriptions (user_id, subscription_id, sku_id, store, purchase_key,
         google_play_purchase_token, app_store_receipt, active, expires_at, created_at, checked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    rows.forEach((row, i) => {
      const key = `e2e-${randomUUID()}`;
      insert.run(
        user?.user_id,
        randomUUID(),
        row.sku,
        row.store,
        key,
        row.store === 'google_play' ? key : '',
        row.store === 'app_store' ? `signed-transaction-${key}` : '',
        row.active ? 1 : 0,
        row.expiresAt,
        Date.UTC(2026, 0, 1) + i,
        Date.UTC(2026, 0, 1),
      );
    });
  });
}

test('premium: both tiers, prices, the campaign countdown, the comparison and the store dialog', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  // The browser's clock: 2 days 13 h 30 min before the campaign ends.
  await page.clock.install({ time: CAMPAIGN_END - (2 * 24 + 13.5) * 3600 * 1000 });
  await signedIn(page, baseURL ?? '', 'premium');
  await page.goto('/premium/1');

  // The route's tier picks the slide: Unlimited, with the campaign price on the yearly plan.
  const tabs = page.getByRole('tab');
  await expect(page.getByRole('tab', { name: 'Unlimited' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(tabs).toHaveCount(2);
  const unlimitedMonthly = page.getByTestId('plan-unlimited-monthly');
  const unlimitedYearly = page.getByTestId('plan-unlimited-yearly');
  await expect(unlimitedMonthly).toContainText('$1.99 / month');
  await expect(unlimitedYearly).toContainText('$9.99 / year');
  await expect(unlimitedYearly).toContainText('$14.99');
  await expect(unlimitedYearly).toContainText('Save 38%');
  await expect(unlimitedYearly).toContainText('33% off');
  await expect(page.getByRole('group', { name: 'Unlimited' })).toContainText('First 30 days free');

  // The campaign ribbon counts down, second by second.
  const ribbon = page.getByRole('status', { name: 'Sales campaign' });
  await expect(ribbon).toContainText('Winter sale');
  // The page loaded with the clock running; stop it one minute after the start, then tick.
  await page.clock.pauseAt(CAMPAIGN_END - (2 * 24 + 13.5) * 3600 * 1000 + 60_000);
  await expect(page.getByTestId('campaign-countdown')).toHaveText('Ends in 2d 13:29:00');
  await page.clock.runFor(3000);
  await expect(page.getByTestId('campaign-countdown')).toHaveText('Ends in 2d 13:28:57');
  await page.clock.resume(); // the carousel's and the dialog's transitions run on timers

  // The other slide: Premium at the default prices; the address follows the slide.
  await page.getByRole('button', { name: 'Previous plan' }).click();
  await expect(page).toHaveURL(/\/premium\/0$/);
  await expect(page.getByRole('tab', { name: 'Premium' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plan-premium-monthly')).toContainText('$0.99 / month');
  await expect(page.getByTestId('plan-premium-yearly')).toContainText('$9.99 / year');
  await expect(page.getByTestId('plan-premium-yearly')).toContainText('Save 17%');
  await expect(page.getByTestId('plan-premium-yearly')).not.toContainText('off');

  // The comparison, from the tier table the server enforces.
  const table = page.getByRole('table', { name: 'Compare plans' });
  await expect(table.getByRole('row', { name: /Agenda length/ })).toContainText(
    /7 days\s*30 days\s*Unlimited/,
  );
  await expect(table.getByRole('row', { name: /Tracked tasks/ })).toContainText(
    /20\s*100\s*Unlimited/,
  );
  await expect(table.getByRole('row', { name: /Custom categories/ })).toContainText(
    /1\s*50\s*Unlimited/,
  );
  await expect(
    table
      .getByRole('row', { name: /Custom analysis range/ })
      .getByRole('img', { name: 'Included', exact: true }),
  ).toHaveCount(2);
  await shoot(page, 'plans', device);

  // On the web, subscribing happens in the store apps: links and QR codes.
  await page.getByRole('button', { name: 'Subscribe in the app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in the Planner app' });
  await expect(dialog.getByRole('link', { name: 'App Store' })).toHaveAttribute(
    'href',
    'https://apps.apple.com/app/planner/id0000000000',
  );
  await expect(dialog.getByRole('link', { name: 'Google Play' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=app.planner',
  );
  await expect(dialog.getByRole('img', { name: 'QR code for App Store' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'QR code for Google Play' })).toBeVisible();
  await shoot(page, 'stores', device, false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Once the campaign is over, its ribbon goes.
  await page.clock.fastForward(62 * 3600 * 1000);
  await expect(ribbon).toBeHidden();
});

test('premium: the status of a subscribed account, and the plans from there', async ({
  page,
  baseURL,
}, info) => {
  const device = deviceOf(info);
  const { email } = await signedIn(page, baseURL ?? '', 'premium-status');
  giveSubscriptions(email, [
    {
      sku: 'premium_one_month',
      store: 'app_store',
      active: false,
      expiresAt: Date.UTC(2025, 9, 14, 12),
    },
    {
      sku: 'unlimited_one_year',
      store: 'google_play',
      active: true,
      expiresAt: Date.UTC(2031, 5, 30, 12),
    },
  ]);
  await page.goto('/premium');

  await expect(page.getByRole('heading', { name: 'Your plan', exact: true })).toBeVisible();
  await expect(page.getByTestId('premium-level')).toHaveText('Unlimited');
  const list = page.getByRole('list', { name: 'Your subscriptions' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Premium, Monthly');
  await expect(items.nth(0)).toContainText('App Store · Ended on October 14, 2025');
  await expect(items.nth(0)).toContainText('Ended');
  await expect(items.nth(1)).toContainText('Unlimited, Yearly');
  await expect(items.nth(1)).toContainText('Google Play · Paid until June 30, 2031');
  await expect(items.nth(1)).toContainText('Active');
  await shoot(page, 'status', device);

  // View 0 from the status, and back.
  await page.getByRole('button', { name: 'See the plans' }).click();
  await expect(page.getByRole('tab', { name: 'Premium' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Unlimited' }).click();
  await expect(page.getByTestId('plan-unlimited-monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Your plan' }).click();
  await expect(page.getByTestId('premium-level')).toHaveText('Unlimited');
});
