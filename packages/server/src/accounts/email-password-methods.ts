import { AccountsService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { SESSIONS_ENDED } from '../realtime/realtime-hub';
import type { ServiceDeps } from '../service-deps';
import { getAccount, requestPasswordReset } from './accounts-service';
import { checkEmailChange } from './email-change';
import { emailChangedMail, emailRestoredMail, undoLink } from './email-change-mails';
import { issueUndo, undoEmailChange, UndoError } from './email-change-undo';
import { mailLanguage } from './mail-text';
import { resetLink } from './reset-mail';
import { setEmail, VerificationError, verifyEmail } from './email-verification';
import { changePassword, PASSWORD_MAX_LENGTH, preparePasswordChange } from './password-change';
import { sendVerification } from './verification-mail';
import { publishChange } from '../realtime/publish-change';

/** Longer than any address isValidEmail accepts (254), so the key stays the spec's. */
const EMAIL_BOUND = text(320, { key: 'invalid.enterEmail' });
/** 'local' or one of the ten ('zh_cn'), with room for a region. */
const LOCALE_OPTION_CHARS = 16;

/** SetEmail: the new address gets its link, the one left a notice with the undo link. */
function setEmailMethod({ config, mailer, signInThrottle }: ServiceDeps): MethodDefinition {
  return defineMethod(AccountsService.method.setEmail, {
    auth: 'required',
    bounds: { email: EMAIL_BOUND, password: text(PASSWORD_MAX_LENGTH * 4) },
    // The password check (tens of ms, and the throttle's pause) never holds the transaction.
    prepare: (input, ctx) => checkEmailChange(ctx.db, signInThrottle, ctx.userId, input),
    handler: async (input, ctx) => {
      const account = await getAccount(ctx.db, ctx.userId);
      const previous = account.email;
      const language = mailLanguage(account.options.locale);
      const mail = await setEmail(ctx.db, ctx.userId, account, input.email, ctx.now());
      if (mail) {
        ctx.afterCommit(sendVerification(mailer, config.publicUrl, mail, language));
      }
      // The address the account leaves is told where it went, with a link that undoes it.
      if (mail && previous !== '' && mail.to !== previous) {
        const token = await issueUndo(ctx.db, ctx.userId, previous, ctx.now());
        const link = undoLink(config.publicUrl, token);
        const told = emailChangedMail(previous, { email: mail.to, link }, language);
        ctx.afterCommit(() => mailer.send(told));
      }
      return {};
    },
  });
}

/** UndoEmailChange: the undo link's address back, every session and the password ended. */
function undoEmailChangeMethod({ config, mailer, realtime }: ServiceDeps): MethodDefinition {
  return defineMethod(AccountsService.method.undoEmailChange, {
    // The link opens in the old address's mail app, where the account has no session.
    auth: 'none',
    bounds: {
      token: text(100, { key: UndoError.linkInvalid }),
      locale: text(LOCALE_OPTION_CHARS),
    },
    // Each undo mails a reset link: counted with Forgot password's, per client IP address.
    rateLimit: [{ bucket: 'passwordResetPerIp', key: (_input, request) => request.ip }],
    handler: async (input, ctx) => {
      const restored = await undoEmailChange(ctx.db, input.token, ctx.now());
      // The address put back sets the new password; the page's language for an automatic one.
      await requestPasswordReset(ctx.db, restored.email, ctx.now(), (reset) => {
        const link = resetLink(config.publicUrl, reset.token);
        const language = mailLanguage(reset.localeOption, input.locale);
        const told = emailRestoredMail(reset.to, link, language);
        ctx.afterCommit(() => mailer.send(told));
      });
      // Every open stream of the account, the undoing browser's included, closes.
      ctx.afterCommit(() => publishChange(realtime, restored.userId, SESSIONS_ENDED));
      return {};
    },
  });
}

/** SetEmail, VerifyEmail, UndoEmailChange, SetPassword (docs/account.md). */
export function createEmailPasswordMethods(deps: ServiceDeps): MethodDefinition[] {
  const { realtime, signInThrottle } = deps;
  return [
    setEmailMethod(deps),
    undoEmailChangeMethod(deps),
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
