import { AccountsService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { SESSIONS_ENDED } from '../realtime/realtime-hub';
import type { ServiceDeps } from '../service-deps';
import { getAccount } from './accounts-service';
import { checkEmailChange, emailChangedMail } from './email-change';
import { setEmail, VerificationError, verifyEmail } from './email-verification';
import { changePassword, PASSWORD_MAX_LENGTH, preparePasswordChange } from './password-change';
import { sendVerification } from './verification-mail';
import { publishChange } from '../realtime/publish-change';

/** Longer than any address isValidEmail accepts (254), so the key stays the spec's. */
const EMAIL_BOUND = text(320, { key: 'invalid.enterEmail' });

/** SetEmail, VerifyEmail, SetPassword (docs/account.md). */
export function createEmailPasswordMethods(deps: ServiceDeps): MethodDefinition[] {
  const { config, mailer, realtime, signInThrottle } = deps;
  return [
    defineMethod(AccountsService.method.setEmail, {
      auth: 'required',
      bounds: { email: EMAIL_BOUND, password: text(PASSWORD_MAX_LENGTH * 4) },
      // The password check (tens of ms, and the throttle's pause) never holds the transaction.
      prepare: (input, ctx) => checkEmailChange(ctx.db, signInThrottle, ctx.userId, input),
      handler: async (input, ctx) => {
        const account = await getAccount(ctx.db, ctx.userId);
        const previous = account.email;
        const mail = await setEmail(ctx.db, ctx.userId, account, input.email, ctx.now());
        if (mail) {
          ctx.afterCommit(sendVerification(mailer, config.publicUrl, mail));
        }
        // The address the account leaves is told where it went.
        if (mail && previous !== '' && mail.to !== previous) {
          const told = emailChangedMail(previous, mail.to, `${config.publicUrl}/login`);
          ctx.afterCommit(() => mailer.send(told));
        }
        return {};
      },
    }),
    defineMethod(AccountsService.method.verifyEmail, {
      // The link opens signed in or not (another browser, the phone's mail app).
      auth: 'none',
      bounds: { token: text(100, { key: VerificationError.linkInvalid }) },
      handler: async (input, ctx) => {
        await verifyEmail(ctx.db, input.token, ctx.now());
        return {};
      },
    }),
    defineMethod(AccountsService.method.setPassword, {
      auth: 'required',
      bounds: {
        oldPassword: text(PASSWORD_MAX_LENGTH * 4),
        newPassword: text(PASSWORD_MAX_LENGTH * 4, { key: 'invalid.passwordTooWeak' }),
      },
      // Verifying and hashing (tens of ms each) happen here, never holding the transaction.
      prepare: (input, ctx) => preparePasswordChange(ctx.db, signInThrottle, ctx.userId, input),
      handler: async (_input, ctx, prepared) => {
        await changePassword(ctx.db, ctx.userId, prepared, ctx.sessionId, ctx.now());
        // The other devices' open streams check their session and close.
        ctx.afterCommit(() => publishChange(realtime, ctx.userId, SESSIONS_ENDED, ctx.sessionId));
        return {};
      },
    }),
  ];
}
