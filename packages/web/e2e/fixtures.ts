import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/*
 * Every browser test imports `test` from here instead of '@playwright/test': when a test has
 * passed, axe-core checks the screen each of its pages was left on (WCAG 2.0, 2.1 and 2.2, levels
 * A and AA), and a critical or serious violation fails the test. Walks that must check the screens
 * they pass through call `expectAccessible` at each of them (e2e/accessibility.e2e.ts).
 * docs/accessibility.md says why the check runs at the end and not on every navigation.
 */
export * from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** The first element's markup and axe's reason, to find it without a trace. */
  example: string;
}

/**
 * The app bar, the agenda's header, its control bar and add button float over the page, which
 * scrolls beneath them: a button that happens to be half under one at the moment of the check is
 * partly hidden by where the page is scrolled, not by its size. Anything the keyboard or a scroll
 * brings into view is kept clear of them (scroll padding), so those findings of the target-size
 * rule are left out, and only those.
 */
const FLOATING =
  '.MuiAppBar-root, [data-floating-bar], [data-testid="control-bar"], [data-testid="speed-dial"]';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

async function onlyUnderFloatingBar(page: Page, node: Violation['nodes'][number]) {
  const related = [...node.any, ...node.all, ...node.none].flatMap((check) => check.relatedNodes);
  if (related.length === 0) return false;
  const selectors = related.flatMap((n) => (n ? [n.target.join(' ')] : []));
  return page.evaluate(
    ({ list, floating }) =>
      list.every((selector) => document.querySelector(selector)?.closest(floating)),
    { list: selectors, floating: FLOATING },
  );
}

/**
 * The week view draws each block at the height of its time (a 15-minute block is 10 px high):
 * that presentation is essential to a week calendar (WCAG 2.5.8's "essential" exception), and
 * every block is reachable at full size in the day view. Only the target-size rule skips them.
 */
const TIME_SCALED = '[data-testid="week-block"]';

async function isTimeScaled(page: Page, node: Violation['nodes'][number]) {
  const selector = node.target.join(' ');
  return page.evaluate(
    ({ selector, scaled }) => document.querySelector(selector)?.matches(scaled) ?? false,
    { selector, scaled: TIME_SCALED },
  );
}

async function withoutFloatingBarOverlap(page: Page, violation: Violation): Promise<Violation> {
  if (violation.id !== 'target-size') return violation;
  const kept: Violation['nodes'] = [];
  for (const node of violation.nodes) {
    if (await isTimeScaled(page, node)) continue;
    if (!(await onlyUnderFloatingBar(page, node))) kept.push(node);
  }
  return { ...violation, nodes: kept };
}

/**
 * Fonts loaded and the opening and closing transitions finished: axe reads colours as they end,
 * not half faded in (a screen a test has just reached fades in). The endless animations (a
 * pulsing dot) go on. Read every 100 ms: polling on every frame would keep the page drawing.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        const isShort = timing?.iterations !== Infinity && Number(timing?.duration ?? 0) < 1000;
        return a.playState !== 'running' || !isShort;
      }),
    undefined,
    { polling: 100 },
  );
}

/** The critical and serious violations on the page once it has settled. */
export async function blockingViolations(page: Page): Promise<AxeFinding[]> {
  await settled(page);
  // Only the violations are read: axe then keeps one example of each passed or inapplicable
  // rule instead of every node it checked, which it would build and hand over for nothing.
  // (`options` replaces what `withTags` sets, so it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .analyze();
  const violations: Violation[] = [];
  for (const violation of results.violations) {
    violations.push(await withoutFloatingBarOverlap(page, violation));
  }
  return violations
    .filter((violation) => violation.nodes.length > 0)
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      example: `${violation.nodes[0]?.html.slice(0, 160) ?? ''} ${violation.nodes[0]?.failureSummary ?? ''}`,
    }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map(
      (f) =>
        `${f.impact} ${f.rule}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}\n    ${f.example}`,
    )
    .join('\n');
}

/** Fails (softly: the walk goes on) when the page as it is now has a blocking violation. */
export async function expectAccessible(page: Page, screen: string): Promise<AxeFinding[]> {
  const findings = await blockingViolations(page);
  expect.soft(findings, `axe on ${screen}:\n${describeFindings(findings)}`).toEqual([]);
  return findings;
}

function isAppPage(page: Page, info: TestInfo): boolean {
  const baseURL = info.project.use.baseURL;
  if (page.isClosed() || !baseURL) return false;
  return page.url().startsWith(new URL(baseURL).origin);
}

export const test = base.extend<{ axeOnLastScreen: undefined }>({
  axeOnLastScreen: [
    async ({ context }, use, testInfo) => {
      await use(undefined);
      // A test that failed already says why; axe would only add noise to its report.
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const page of context.pages()) {
        if (!isAppPage(page, testInfo)) continue;
        await page.waitForLoadState('load');
        const findings = await blockingViolations(page);
        expect(findings, `axe on ${page.url()}:\n${describeFindings(findings)}`).toEqual([]);
      }
    },
    // Its own time, not the test's: a long test near its limit is not failed by the check.
    { auto: true, timeout: 60_000 },
  ],
});
