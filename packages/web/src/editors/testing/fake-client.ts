import type { MethodName } from '@planner/protocol';
import { vi } from 'vitest';

/**
 * Stands in for src/api/client.ts in component tests (`vi.mock('../api/client', () =>
 * import('../editors/testing/fake-client'))`): the screens' calls land here, at the protocol
 * client's boundary, with the plain objects the real client takes and answers.
 */
export const call = vi.fn<(method: MethodName, input?: unknown) => Promise<unknown>>();

export function onSessionInvalid(): () => void {
  return () => undefined;
}

export function isSessionInvalid(): boolean {
  return false;
}
