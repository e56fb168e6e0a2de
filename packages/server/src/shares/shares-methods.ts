import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** CreateTimeStatisticsShare, GetTimeStatisticsShare (being built). */
export function createSharesMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
