import { REFERRAL_CODE_LENGTH } from '@planner/core';
import { TiersService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { sessionInvalid } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import { setEveryoneUnlimited } from './premium-level';
import { redeem } from './redeem';
import { addReferral, findReferrer } from './referrals';
import { findAccountEmail } from './tiers-repository';

/** A code as typed may carry spaces around it; the server trims before reading it. */
const typedCode = text(REFERRAL_CODE_LENGTH * 4);

const perIp = (bucket: string) => ({
  bucket,
  key: (_: unknown, request: { ip: string }) => request.ip,
});

/**
 * Redeem, ValidateReferralCode and AddReferral (docs/tiers-and-referrals.md). The subscription
 * calls of the same service live in subscriptions/.
 */
export function createTiersMethods(deps: ServiceDeps): MethodDefinition[] {
  setEveryoneUnlimited(deps.config.everyoneUnlimited);
  return [
    defineMethod(TiersService.method.redeem, {
      auth: 'required',
      bounds: { redeemCode: text(40), email: text(320) },
      rateLimit: [perIp('redeemPerIp')],
      handler: async (input, ctx) => {
        const email = await findAccountEmail(ctx.db, ctx.userId);
        // A session whose account is gone is no session.
        if (email === undefined) throw sessionInvalid();
        await redeem(ctx.db, ctx.userId, email, input, ctx.now());
        return {};
      },
    }),
    // Public: the sign-up form checks a code before the account exists. Counted per address so
    // the codes cannot be listed by trying them.
    defineMethod(TiersService.method.validateReferralCode, {
      auth: 'none',
      bounds: { code: typedCode },
      rateLimit: [perIp('referralCodePerIp')],
      handler: async (input, ctx) => ({
        valid: (await findReferrer(ctx.db, input.code)) !== undefined,
      }),
    }),
    defineMethod(TiersService.method.addReferral, {
      auth: 'required',
      bounds: { code: typedCode },
      rateLimit: [perIp('referralCodePerIp')],
      handler: async (input, ctx) => {
        await addReferral(ctx.db, ctx.userId, input.code, ctx.now());
        return {};
      },
    }),
  ];
}
