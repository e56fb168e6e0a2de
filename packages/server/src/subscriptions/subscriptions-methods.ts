import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** GetSubscriptionSkus, GetSubscriptions, CreateSubscription, UpdateSubscription, SetAppStoreReceipt, GetAppStoreReceiptStatus (being built). */
export function createSubscriptionsMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
