import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** DumpUserData, DeleteAccount (being built). */
export function createAccountDataMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
