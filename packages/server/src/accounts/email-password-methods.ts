import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** SetEmail, VerifyEmail, SetPassword (being built). */
export function createEmailPasswordMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
