import type { Page, TestInfo } from '@playwright/test';
import { deviceOf, saveShot } from './support';

/**
 * Screens of issue 28's web items, before and after the fixes: PLANNER_SHOT_PHASE names the run
 * ("before" on the old build, "after" by default), in the shots folder.
 */
export async function issueShot(page: Page, info: TestInfo, name: string): Promise<void> {
  const phase = process.env.PLANNER_SHOT_PHASE ?? 'after';
  await saveShot(page, `issue28-${name}-${deviceOf(info)}-${phase}`, { animations: 'disabled' });
}
