import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** CalDAV accounts: add, list, update, sync, remove (issue 17). */
export function createCalDavMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
