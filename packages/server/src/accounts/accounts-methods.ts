import { normalizeEmail } from '@planner/core';
import { AccountsService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { CallBasics, PublicContext } from '../rpc/context';
import { ErrorMessage } from '@planner/protocol';
import { AppError } from '../rpc/errors';
import type { RateLimitSpec } from '../rpc/rate-limit';
import type { Mailer } from '../mail/mailer';
import { SESSIONS_ENDED, type RealtimeHub } from '../realtime/realtime-hub';
import type { Credentials } from './account';
import * as accounts from './accounts-service';
import { presentSession, presentUser } from './accounts-presenter';
import { passwordResetMail, resetLink } from './reset-mail';
import { issueSignUpVerification } from './email-verification';
import { sendVerification } from './verification-mail';
import { mailLanguage } from './mail-text';
import type { PhoneCodeGuesses } from '../social-sign-in/code-guesses';
import { perIpAndNumber } from '../social-sign-in/phone-numbers';
import { linkedSignIns } from '../social-sign-in/social-sign-in';
import type { SignInThrottle } from './sign-in-throttle';
import { idBound, text } from '../rpc/bounds';
import { loadTierStatus } from '../tiers/tier-status';
import { FileStore } from '../files/file-store';
import { avatarUrlOf, setAvatar } from '../files/files-service';
import { publishChange } from '../realtime/publish-change';

export interface AccountsDeps {
  mailer: Mailer;
  publicUrl: string;
  /** Seeds other domains' data for a new account, in the sign-up transaction. */
  onUserCreated: readonly accounts.UserCreatedHook[];
  signInThrottle: SignInThrottle;
  /** Wrong phone codes counted per issued code (social-sign-in/code-guesses.ts). */
  phoneCodeGuesses: PhoneCodeGuesses;
  /** Tells the user's open streams that sessions ended, so revoked ones close. */
  realtime: Pick<RealtimeHub, 'publish'>;
  /** DATA_DIR: a replaced avatar's bytes are removed from its files folder. */
  dataDir: string;
}

const perIp = (bucket: string) => ({
  bucket,
  key: (_: unknown, request: { ip: string }) => request.ip,
});
const perEmail = (bucket: string) => ({
  bucket,
  key: (input: { email: string }) => normalizeEmail(input.email),
});
/**
 * Per address, and per address and account: a guessing address is stopped, the account's
 * owner elsewhere is not (the account itself is only slowed down, by the SignInThrottle).
 */
const signInLimits: RateLimitSpec<{ email: string }> = [
  perIp('signInPerIp'),
  {
    bucket: 'signInPerIpAndEmail',
    // Without an e-mail (a popup's ticket, a phone code) there is no account to guess at here:
    // tickets cannot be guessed, and codes are counted per number.
    key: (input, request) => (input.email ? `${request.ip} ${normalizeEmail(input.email)}` : ''),
  },
];

/** Checks the password after the account's throttle pause, and counts the outcome. */
async function throttledCheck(
  throttle: SignInThrottle,
  check: () => Promise<Credentials>,
  email: string,
): Promise<Credentials> {
  const account = normalizeEmail(email);
  await throttle.beforeCheck(account);
  try {
    const credentials = await check();
    await throttle.succeeded(account);
    return credentials;
  } catch (error) {
    if (error instanceof AppError && error.message === ErrorMessage.wrongCredentials) {
      await throttle.failed(account);
    }
    throw error;
  }
}

function sessionsEnded(deps: AccountsDeps, userId: string): () => Promise<void> {
  return () => publishChange(deps.realtime, userId, SESSIONS_ENDED);
}

function clientOf(ctx: CallBasics): accounts.ClientInfo {
  return { ip: ctx.ip, region: ctx.region, userAgent: ctx.userAgent, timezone: ctx.timezone };
}

/** CreateUser and CreateSession with a Google or Facebook ticket, or a phone and its code. */
async function otherCredentialSignIn(
  deps: AccountsDeps,
  input: accounts.OtherCredential & { options?: { locale?: string } | undefined },
  ctx: PublicContext,
): Promise<{ authToken: string }> {
  const options = { ...input.options, locale: input.options?.locale ?? '' };
  return {
    authToken: await accounts.signInWithOtherCredential(
      ctx.db,
      deps.onUserCreated,
      deps.phoneCodeGuesses,
      input,
      options,
      clientOf(ctx),
      ctx.now(),
    ),
  };
}

/** The popup's ticket (43 characters), a phone number and its code, bounded at the edge. */
const otherCredentialBounds = {
  googleToken: text(100),
  facebookToken: text(100),
  countryCallingCode: text(8),
  phoneNumber: text(40),
  verifyCode: text(12),
};

/**
 * Codes tried per address and number, and per address: a stranger's wrong codes stop the
 * stranger, never the owner (each code also wears out after so many wrong tries from anyone:
 * social-sign-in/code-guesses.ts). A code has six digits: these limits keep it unguessable.
 */
const perPhone: RateLimitSpec<{ countryCallingCode: string; phoneNumber: string }> = [
  { bucket: 'smsVerifyPerIpAndNumber', key: perIpAndNumber },
  {
    bucket: 'smsVerifyPerIp',
    key: (input, request) => (input.phoneNumber ? request.ip : ''),
  },
];

interface AccountsKit {
  deps: AccountsDeps;
}

export function createAccountsMethods(deps: AccountsDeps): MethodDefinition[] {
  const kit: AccountsKit = { deps };
  return [
    createUserMethod(kit),
    createSessionMethod(kit),
    getUserProfileMethod(kit),
    updateUserMethod(kit),
    getSessionRecordsMethod(kit),
    revokeSessionMethod(kit),
    requestPasswordResetMethod(kit),
    resetPasswordMethod(kit),
  ];
}

function createUserMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.createUser, {
    auth: 'none',
    bounds: otherCredentialBounds,
    rateLimit: [perIp('signUpPerIp'), ...perPhone],
    // Hashing (tens of ms) happens here, so it never holds the transaction.
    prepare: async (input, ctx) =>
      accounts.hasOtherCredential(input) ? undefined : accounts.prepareSignUp(ctx.db, input),
    handler: async (input, ctx, prepared) => {
      if (!prepared) return otherCredentialSignIn(deps, input, ctx);
      const options = { ...input.options, locale: input.options?.locale ?? '' };
      const authToken = await accounts.signUp(
        ctx.db,
        deps.onUserCreated,
        prepared,
        options,
        clientOf(ctx),
        ctx.now(),
      );
      // The new address is unverified: its link goes out once the account exists, in the
      // language the account starts in.
      const mail = await issueSignUpVerification(ctx.db, prepared.email, ctx.now());
      const language = mailLanguage(options.locale, input.options?.deviceLocale);
      ctx.afterCommit(sendVerification(deps.mailer, deps.publicUrl, mail, language));
      return { authToken };
    },
  });
}

function createSessionMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.createSession, {
    auth: 'none',
    bounds: otherCredentialBounds,
    rateLimit: [...signInLimits, ...perPhone],
    // Verification (tens of ms) happens here, so it never holds the transaction.
    prepare: async (input, ctx) => {
      if (accounts.hasOtherCredential(input)) return undefined;
      return throttledCheck(
        deps.signInThrottle,
        () => accounts.checkCredentials(ctx.db, input),
        input.email,
      );
    },
    handler: async (input, ctx, checked) => {
      if (!checked) return otherCredentialSignIn(deps, input, ctx);
      return {
        authToken: await accounts.signIn(ctx.db, input.email, checked, clientOf(ctx), ctx.now()),
      };
    },
  });
}

function getUserProfileMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.getUserProfile, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const account = await accounts.getAccount(ctx.db, ctx.userId);
      const user = presentUser(
        account,
        await linkedSignIns(ctx.db, ctx.userId),
        await avatarUrlOf(ctx.db, ctx.userId, deps.publicUrl),
        await loadTierStatus(ctx.db, ctx.userId, account.premiumLevel, ctx.now()),
      );
      return { user, options: user.options };
    },
  });
}

function updateUserMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.updateUser, {
    auth: 'required',
    bounds: { avatar: idBound },
    handler: async (input, ctx) => {
      if (input.name !== undefined) await accounts.rename(ctx.db, ctx.userId, input.name);
      if (input.avatar !== undefined) {
        const replaced = await setAvatar(ctx.db, ctx.userId, input.avatar);
        if (replaced.length > 0) {
          ctx.afterCommit(() => new FileStore(deps.dataDir).remove(replaced));
        }
      }
      return {};
    },
  });
}

function getSessionRecordsMethod(_kit: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.getSessionRecords, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const sessions = await accounts.listSessions(ctx.db, ctx.userId, ctx.now());
      return { sessions: sessions.map((s) => presentSession(s, ctx.sessionId)) };
    },
  });
}

function revokeSessionMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.revokeSession, {
    auth: 'required',
    handler: async (input, ctx) => {
      const sessionId = input.session || ctx.sessionId;
      if (await accounts.revokeSession(ctx.db, ctx.userId, sessionId)) {
        ctx.afterCommit(sessionsEnded(deps, ctx.userId));
      }
      return {};
    },
  });
}

function requestPasswordResetMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.requestPasswordReset, {
    auth: 'none',
    rateLimit: [perIp('passwordResetPerIp'), perEmail('passwordResetPerEmail')],
    handler: async (input, ctx) => {
      await accounts.requestPasswordReset(ctx.db, input.email, ctx.now(), (mail) => {
        const told = passwordResetMail(
          mail.to,
          resetLink(deps.publicUrl, mail.token),
          mailLanguage(mail.localeOption),
        );
        ctx.afterCommit(() => deps.mailer.send(told));
      });
      return {};
    },
  });
}

function resetPasswordMethod({ deps }: AccountsKit): MethodDefinition {
  return defineMethod(AccountsService.method.resetPassword, {
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
      ctx.afterCommit(sessionsEnded(deps, prepared.userId));
      return {};
    },
  });
}
