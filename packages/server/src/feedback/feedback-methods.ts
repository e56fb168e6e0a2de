import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** CreateFeedback (being built). */
export function createFeedbackMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
