import { join } from 'node:path';
import { test } from '@playwright/test';

/**
 * The data folder (the server's DATA_DIR: its SQLite file, its mail outbox) of the server the
 * running test talks to: the clock lanes have a server of their own (playwright.config.ts).
 */
export function runDataDir(): string {
  const base = process.env.PLANNER_E2E_DATA_DIR ?? '';
  return test.info().project.name.endsWith('-clock') ? join(base, 'clock') : base;
}
