import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** GetEstimateAccuracy (being built). */
export function createEstimatesMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
