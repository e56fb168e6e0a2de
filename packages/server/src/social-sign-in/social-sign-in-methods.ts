import type { MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';

/** SetGoogleUser, SetFacebookUser, CreateSmsVerifyCode (being built). */
export function createSocialSignInMethods(_deps: ServiceDeps): MethodDefinition[] {
  return [];
}
