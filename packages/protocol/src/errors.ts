/** Application error codes carried in the `error-code` header and the ErrorResponse body. */
export const ErrorCode = {
  /** The session token is missing, unknown or revoked: the client signs out. */
  SessionInvalid: 16,
  /** Lifted by Premium. */
  PremiumOnly: 4201,
  /** Lifted only by Unlimited. */
  UnlimitedOnly: 4202,
  /** Invalid input; the message is a spec message key such as `invalid.chooseCategory`. */
  InvalidInput: 400,
  /** Missing, or another user's. */
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  RateLimited: 429,
  Internal: 500,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status that carries an error code. */
export function httpStatusForCode(code: number): number {
  switch (code) {
    case ErrorCode.SessionInvalid:
      return 401;
    case ErrorCode.PremiumOnly:
    case ErrorCode.UnlimitedOnly:
      return 403;
    default:
      return code >= 400 && code <= 599 ? code : 400;
  }
}

/**
 * Message keys the server answers with that are not in the spec's list; the web app translates
 * them like the spec's own (`invalid.enterEmail`, `invalid.passwordTooWeak`, ...).
 */
export const ErrorMessage = {
  /** CreateSession: unknown e-mail or wrong password (deliberately the same). */
  wrongCredentials: 'invalid.wrongCredentials',
  /** CreateUser: the e-mail already has an account. */
  emailTaken: 'invalid.emailTaken',
  /** ResetPassword: unknown, used or expired reset token. */
  resetLinkInvalid: 'invalid.resetLinkInvalid',
  /** Too many attempts from this address or for this e-mail. */
  tooManyAttempts: 'messages.tooManyAttempts',
  /** A sign-in method that is not available yet (Google, Facebook, phone). */
  signInMethodUnavailable: 'invalid.signInMethodUnavailable',
  sessionInvalid: 'Session is invalid',
} as const;

/** An application error answered by the server, as the client raises it. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(message);
  }
}

/** The server could not be reached (after the retries, if any). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    readonly method: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super('Service is temporarily unavailable.', options);
  }
}
