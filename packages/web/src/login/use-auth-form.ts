import { isReferralCodeForm, normalizeEmail, normalizeReferralCode } from '@planner/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '../api/error-message';
import { startSession } from '../api/session';
import { isIosShell } from '../bridge/bridge';
import { AUTOMATIC_LOCALE_OPTION, localeForOption, readLocaleOption } from '../i18n/i18n';
import {
  LOG_IN,
  SIGN_UP,
  validateAuthForm,
  type AuthField,
  type AuthFields,
  type AuthMode,
  type FieldError,
} from './auth-form-state';
import { addReferral, createSession, createUser, validateReferralCode } from './login-api';

async function authenticate(mode: AuthMode, fields: AuthFields): Promise<string> {
  const credentials = { email: normalizeEmail(fields.email), password: fields.password };
  const answer =
    mode === SIGN_UP
      ? await createUser({
          ...credentials,
          options: {
            autoExtend: true,
            isPaused: false,
            locale: readLocaleOption(),
            // What an automatic locale follows for the first day of the week and category names.
            deviceLocale: localeForOption(AUTOMATIC_LOCALE_OPTION),
          },
        })
      : await createSession(credentials);
  return answer.authToken;
}

/**
 * Checks a typed referral code before the account exists (ValidateReferralCode works signed
 * out); answers the code to send, '' for none, or null when it is invalid (invalid.referral).
 */
async function checkReferralCode(typed: string): Promise<string | null> {
  const code = normalizeReferralCode(typed);
  if (code === '') return '';
  if (!isReferralCodeForm(code)) return null;
  const { valid } = await validateReferralCode({ code });
  return valid ? code : null;
}

/** The referral code: a shared link (/login?referral=CODE) opens sign-up with it filled in. */
function useReferralCode(onSignUp: () => void) {
  const [searchParams] = useSearchParams();
  const linkedCode = normalizeReferralCode(searchParams.get('referral') ?? '');
  const [code, setCode] = useState(linkedCode);
  const [isInvalid, setInvalid] = useState(false);
  useEffect(() => {
    if (linkedCode) onSignUp();
    // Only the link the page opened with, once.
  }, []);
  return {
    code,
    isInvalid,
    setInvalid,
    change(next: string) {
      setCode(next);
      setInvalid(false);
    },
  };
}

type ReferralCode = ReturnType<typeof useReferralCode>;

/** Signs up (with the referral code checked first) or logs in; the token goes to onSignedIn. */
function useAuthSubmit(
  mode: AuthMode,
  fields: AuthFields,
  referral: ReferralCode,
  onSignedIn: (token: string) => void,
) {
  // No referral code field inside the iOS shell (spec): a linked code is not sent there either.
  const withReferral = mode === SIGN_UP && !isIosShell();
  return useMutation({
    mutationFn: async () => {
      const code = withReferral ? await checkReferralCode(referral.code) : '';
      if (code === null) {
        referral.setInvalid(true);
        return null;
      }
      const token = await authenticate(mode, fields);
      if (code) {
        // The new account enters the code at once; the friend counts once this e-mail is verified.
        // It was checked a moment ago; should it fail now, the account stands and the code can
        // still be entered on /referral.
        startSession(token);
        await addReferral({ code }).catch(() => undefined);
      }
      return token;
    },
    onSuccess: (token) => {
      if (token) onSignedIn(token);
      else document.getElementById('auth-referralCode')?.focus();
    },
    meta: { handlesErrors: true },
  });
}

/**
 * The log-in and sign-up form's state: the fields and their first error, the referral code (from
 * a shared link, checked before the account exists), the submit and the switch between modes,
 * which hands the e-mail typed to the other mode's form.
 */
export function useAuthForm(
  mode: AuthMode,
  initialEmail: string,
  onModeChange: (mode: AuthMode, email: string) => void,
  onSignedIn: (token: string) => void,
) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<AuthFields>({
    email: initialEmail,
    password: '',
    confirmPassword: '',
  });
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const isSignUp = mode === SIGN_UP;
  const referral = useReferralCode(() => onModeChange(SIGN_UP, fields.email));
  const submit = useAuthSubmit(mode, fields, referral, onSignedIn);
  const serverError = submit.error ? describeError(submit.error, (key) => i18n.exists(key)) : null;

  const update = (field: AuthField) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
    if (fieldError?.field === field) setFieldError(null);
  };
  const errorFor = (field: AuthField) =>
    fieldError?.field === field ? t(fieldError.key) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAuthForm(mode, fields);
    setFieldError(problem);
    if (problem) {
      document.getElementById(`auth-${problem.field}`)?.focus();
      return;
    }
    submit.mutate();
  };

  const switchMode = () => {
    submit.reset();
    setFieldError(null);
    onModeChange(isSignUp ? LOG_IN : SIGN_UP, fields.email);
  };

  return {
    fields,
    /** With the e-mail already known (carried from the other mode), the password is next. */
    startsAtPassword: initialEmail !== '',
    isSignUp,
    update,
    errorFor,
    referral,
    submit,
    serverError,
    onSubmit,
    switchMode,
  };
}

export type AuthFormState = ReturnType<typeof useAuthForm>;
