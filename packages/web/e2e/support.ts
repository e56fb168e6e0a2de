import { randomUUID } from 'node:crypto';
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
