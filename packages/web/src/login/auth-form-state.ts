import { validateLogIn, validateSignUp, type SignInMessageKey } from '@planner/core';

export type AuthMode = 0 | 1;
export const LOG_IN: AuthMode = 0;
export const SIGN_UP: AuthMode = 1;

export interface AuthFields {
  email: string;
  password: string;
  confirmPassword: string;
}

export type AuthField = keyof AuthFields;

export interface FieldError {
  field: AuthField;
  key: SignInMessageKey;
}

const FIELD_OF: Record<SignInMessageKey, AuthField> = {
  'invalid.enterEmail': 'email',
  'invalid.enterPassword': 'password',
  'invalid.passwordTooWeak': 'password',
  'invalid.passwordMismatch': 'confirmPassword',
};

/** Core decides what is wrong (the same rules as the server); this only says which field. */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): FieldError | null {
  const key =
    mode === SIGN_UP
      ? validateSignUp(fields)
      : validateLogIn({ email: fields.email, password: fields.password });
  return key ? { field: FIELD_OF[key], key } : null;
}
