import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';

/** The device a project stands for (its clock lane has a name of its own). */
export function deviceOf(info: TestInfo): 'desktop' | 'phone' {
  return info.project.name.startsWith('phone') ? 'phone' : 'desktop';
}

/** A fresh address per test, so tests never share an account. */
export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Strong enough for the sign-up bar (score well above 36). */
export const GOOD_PASSWORD = 'Maple-Harbor-Violet-74';

/** Where the browser tests save the screenshots of the screens they walk (PLANNER_SHOTS_DIR). */
export const SHOTS_DIR = process.env.PLANNER_SHOTS_DIR ?? join('test-results', 'shots');
