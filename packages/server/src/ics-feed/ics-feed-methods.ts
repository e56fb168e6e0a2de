import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** The ICS feed's secret URL: get, create (regenerate), revoke (issue 17). */
export function createIcsFeedMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
