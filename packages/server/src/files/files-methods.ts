import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** CreateFile (being built). */
export function createFilesMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
