import { normalizeEmail } from '@planner/core';
import { AccountsService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { CallBasics } from '../rpc/context';
import { ErrorMessage } from '@planner/protocol';
import { invalid } from '../rpc/errors';
import type { RateLimitSpec } from '../rpc/rate-limit';
import type { Mailer } from '../mail/mailer';
import * as accounts from './accounts-service';
import { presentSession, presentUser } from './accounts-presenter';
import { passwordResetMail, resetLink } from './reset-mail';

export interface AccountsDeps {
  mailer: Mailer;
  publicUrl: string;
  /** Seeds other domains' data for a new account, in the sign-up transaction. */
  onUserCreated: readonly accounts.UserCreatedHook[];
}

const perIp = (bucket: string) => ({
  bucket,
  key: (_: unknown, request: { ip: string }) => request.ip,
});
const perEmail = (bucket: string) => ({
  bucket,
  key: (input: { email: string }) => normalizeEmail(input.email),
});
const signInLimits: RateLimitSpec<{ email: string }> = [
  perIp('signInPerIp'),
  perEmail('signInPerEmail'),
];

function clientOf(ctx: CallBasics): accounts.ClientInfo {
  return { ip: ctx.ip, region: ctx.region, userAgent: ctx.userAgent, timezone: ctx.timezone };
}

/** Refuses the credential kinds that are in the schema but not offered yet. */
function requireEmailSignIn(input: {
  googleToken: string;
  facebookToken: string;
  phoneNumber: string;
}): void {
  if (input.googleToken || input.facebookToken || input.phoneNumber) {
    throw invalid(ErrorMessage.signInMethodUnavailable);
  }
}

export function createAccountsMethods(deps: AccountsDeps): MethodDefinition[] {
  return [
    defineMethod(AccountsService.method.createUser, {
      auth: 'none',
      rateLimit: [perIp('signUpPerIp')],
      // Hashing (tens of ms) happens here, so it never holds the transaction.
      prepare: async (input, ctx) => {
        requireEmailSignIn(input);
        return accounts.prepareSignUp(ctx.db, input);
      },
      handler: async (input, ctx, prepared) => {
        const options = { ...input.options, locale: input.options?.locale ?? '' };
        return {
          authToken: await accounts.signUp(
            ctx.db,
            deps.onUserCreated,
            prepared,
            options,
            clientOf(ctx),
            ctx.now(),
          ),
        };
      },
    }),
    defineMethod(AccountsService.method.createSession, {
      auth: 'none',
      rateLimit: signInLimits,
      // Verification (tens of ms) happens here, so it never holds the transaction.
      prepare: async (input, ctx) => {
        requireEmailSignIn(input);
        return accounts.checkCredentials(ctx.db, input);
      },
      handler: async (input, ctx, checked) => ({
        authToken: await accounts.signIn(ctx.db, input.email, checked, clientOf(ctx), ctx.now()),
      }),
    }),
    defineMethod(AccountsService.method.getUserProfile, {
      auth: 'required',
      handler: async (_input, ctx) => {
        const user = presentUser(await accounts.getAccount(ctx.db, ctx.userId));
        return { user, options: user.options };
      },
    }),
    defineMethod(AccountsService.method.updateUser, {
      auth: 'required',
      handler: async (input, ctx) => {
        if (input.name !== undefined) await accounts.rename(ctx.db, ctx.userId, input.name);
        return {};
      },
    }),
    defineMethod(AccountsService.method.getSessionRecords, {
      auth: 'required',
      handler: async (_input, ctx) => {
        const sessions = await accounts.listSessions(ctx.db, ctx.userId);
        return { sessions: sessions.map((s) => presentSession(s, ctx.sessionId)) };
      },
    }),
    defineMethod(AccountsService.method.revokeSession, {
      auth: 'required',
      handler: async (input, ctx) => {
        await accounts.revokeSession(ctx.db, ctx.userId, input.session || ctx.sessionId);
        return {};
      },
    }),
    defineMethod(AccountsService.method.requestPasswordReset, {
      auth: 'none',
      rateLimit: [perIp('passwordResetPerIp'), perEmail('passwordResetPerEmail')],
      handler: async (input, ctx) => {
        await accounts.requestPasswordReset(ctx.db, input.email, ctx.now(), ({ to, token }) =>
          ctx.afterCommit(() =>
            deps.mailer.send(passwordResetMail(to, resetLink(deps.publicUrl, token))),
          ),
        );
        return {};
      },
    }),
    defineMethod(AccountsService.method.resetPassword, {
      auth: 'none',
      rateLimit: [perIp('passwordResetPerIp')],
      prepare: (input, ctx) =>
        accounts.preparePasswordReset(
          ctx.db,
          { token: input.id, password: input.password },
          ctx.now(),
        ),
      handler: async (_input, ctx, prepared) => {
        await accounts.resetPassword(ctx.db, prepared, ctx.now());
        return {};
      },
    }),
  ];
}
