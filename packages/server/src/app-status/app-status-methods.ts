import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** OnAppInactive, GetUserActiveStatus, CreateFrontendLog, GetCloudConfig (being built). */
export function createAppStatusMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
