import { randomUUID } from 'node:crypto';

/** A fresh address per test, so tests never share an account. */
export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Strong enough for the sign-up bar (score well above 36). */
export const GOOD_PASSWORD = 'Maple-Harbor-Violet-74';
