import { AccountsService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { normalizePhone, perIpAndNumber, phoneKey } from './phone-numbers';
import * as social from './social-sign-in';
import { createSmsSender } from './sms-sender';

const TICKET_CHARS = 100;
const phoneBounds = {
  countryCallingCode: text(8),
  phoneNumber: text(40),
  purpose: text(20),
};

/** SetGoogleUser, SetFacebookUser (connect from the account page) and CreateSmsVerifyCode. */
export function createSocialSignInMethods(deps: ServiceDeps): MethodDefinition[] {
  const sms = createSmsSender({ smsUrl: deps.config.smsUrl, dataDir: deps.config.dataDir });
  const connect = (provider: social.SocialProvider) =>
    defineMethod(
      provider === 'google'
        ? AccountsService.method.setGoogleUser
        : AccountsService.method.setFacebookUser,
      {
        auth: 'required',
        bounds: { token: text(TICKET_CHARS) },
        handler: async (input, ctx) => {
          const profile = await social.redeemTicket(ctx.db, provider, input.token);
          await social.connectIdentity(ctx.db, ctx.userId, profile, ctx.now());
          return {};
        },
      },
    );
  return [
    connect('google'),
    connect('facebook'),
    defineMethod(AccountsService.method.createSmsVerifyCode, {
      auth: 'none',
      bounds: phoneBounds,
      // Per address, per address and number (one stranger cannot use up the number's codes),
      // and per number (a cost backstop many addresses together reach).
      rateLimit: [
        { bucket: 'smsCodePerIp', key: (_input, request) => request.ip },
        { bucket: 'smsCodePerIpAndNumber', key: perIpAndNumber },
        { bucket: 'smsCodePerNumber', key: phoneKey },
      ],
      handler: async (input, ctx) => {
        const phone = normalizePhone(input.countryCallingCode, input.phoneNumber);
        const now = ctx.now();
        const code = await social.createSignInCode(ctx.db, phone, input.purpose, ctx.ip, now);
        ctx.afterCommit(() => social.sendSignInCode(sms, phone, code, now));
        return {};
      },
    }),
  ];
}
