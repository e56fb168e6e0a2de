import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** Redeem, ValidateReferralCode, AddReferral (being built). */
export function createTiersMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
