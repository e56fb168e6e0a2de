import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** RegisterDevice, RevokeInstallation, GetPushConfig, TestNotification (issue 18). */
export function createDevicesMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
