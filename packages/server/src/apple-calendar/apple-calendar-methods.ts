import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** The native shell's Apple calendar bind and upload (issue 19). */
export function createAppleCalendarMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
