import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The device a project stands for (its clock lane has a name of its own). */
export function deviceOf(info: TestInfo): 'desktop' | 'phone' {
  return info.project.name.startsWith('phone') ? 'phone' : 'desktop';
}

/**
 * Shows what a phone keeps behind a button (the drawer, the search box) and a desktop shows at
 * once. It waits until the screen has drawn one of the two before deciding, so a check made while
 * the screen is still coming (or its language still loading) never skips the button.
 */
export async function reveal(target: Locator, opener: Locator): Promise<void> {
  await expect(target.or(opener).filter({ visible: true }).first()).toBeVisible();
  if (!(await target.isVisible())) await opener.click();
  await expect(target).toBeVisible();
}

/** A fresh address per test, so tests never share an account. */
export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Strong enough for the sign-up bar (score well above 36). */
export const GOOD_PASSWORD = 'Maple-Harbor-Violet-74';

/**
 * The one folder the browser tests save their screenshots in: PLANNER_SHOTS_DIR, or
 * test-results/shots. Each shot's name says its spec, its screen and its device.
 */
const SHOTS_DIR = process.env.PLANNER_SHOTS_DIR ?? join('test-results', 'shots');

/**
 * Whether this run saves screenshots. They are for people to look at, never compared, so CI
 * (PLANNER_E2E_SHOTS=0 in .ci/run) skips them: nobody opens them there, and each costs a paint
 * and a PNG. The test's steps and assertions run either way.
 */
export const TAKES_SHOTS = process.env.PLANNER_E2E_SHOTS !== '0';

/**
 * Saves a screenshot of the page or of one element as `{name}.png` in the shots folder, once the
 * fonts are in and with transitions and animations finished, unless this run takes none.
 */
export async function saveShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; animations?: 'disabled' | 'allow' } = {},
): Promise<void> {
  if (!TAKES_SHOTS) return;
  const path = join(SHOTS_DIR, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  const page = 'page' in target ? target.page() : target;
  await page.evaluate(() => document.fonts.ready);
  await target.screenshot({ animations: 'disabled', ...options, path });
}
