import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** The six Google Calendar sync methods (issue 17). */
export function createGoogleCalendarMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
