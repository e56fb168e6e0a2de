import { isReferralCodeForm, normalizeEmail, normalizeReferralCode } from '@planner/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../api/client';
import { startSession } from '../api/session';
import { ReferralCodeField } from '../referral/ReferralCodeField';
import { describeError } from '../api/error-message';
import type { LegalDocument } from '../components/LegalDialog';
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
import { PasswordField } from './PasswordField';
import { PhoneSignInForm } from './PhoneSignInForm';
import { SocialSignInButtons } from './SocialSignInButtons';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called with the new session token. */
  onSignedIn: (token: string) => void;
  onForgotPassword: (email: string) => void;
  onShowLegal: (document: LegalDocument) => void;
}

async function authenticate(mode: AuthMode, fields: AuthFields): Promise<string> {
  const credentials = { email: normalizeEmail(fields.email), password: fields.password };
  const answer =
    mode === SIGN_UP
      ? await call('CreateUser', {
          ...credentials,
          options: {
            autoExtend: true,
            isPaused: false,
            locale: readLocaleOption(),
            // What an automatic locale follows for the first day of the week and category names.
            deviceLocale: localeForOption(AUTOMATIC_LOCALE_OPTION),
          },
        })
      : await call('CreateSession', credentials);
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
  const { valid } = await call('ValidateReferralCode', { code });
  return valid ? code : null;
}

/** Log-in (mode 0) and sign-up (mode 1) with the spec's validation and message keys. */
export function AuthForm({
  mode,
  onModeChange,
  onSignedIn,
  onForgotPassword,
  onShowLegal,
}: AuthFormProps) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<AuthFields>({
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [withPhone, setWithPhone] = useState(false);
  const isSignUp = mode === SIGN_UP;
  const prefix = isSignUp ? 'login.signUp' : 'login.logIn';
  // A shared link (/login?referral=CODE) opens sign-up with the friend's code filled in.
  const [searchParams] = useSearchParams();
  const linkedCode = normalizeReferralCode(searchParams.get('referral') ?? '');
  const [referralCode, setReferralCode] = useState(linkedCode);
  const [referralInvalid, setReferralInvalid] = useState(false);
  useEffect(() => {
    if (linkedCode) onModeChange(SIGN_UP);
    // Only the link the page opened with, once.
  }, []);

  const submit = useMutation({
    mutationFn: async () => {
      const code = isSignUp ? await checkReferralCode(referralCode) : '';
      if (code === null) {
        setReferralInvalid(true);
        return null;
      }
      const token = await authenticate(mode, fields);
      if (code) {
        // The new account enters the code at once; the friend counts once this e-mail is verified.
        // It was checked a moment ago; should it fail now, the account stands and the code can
        // still be entered on /referral.
        startSession(token);
        await call('AddReferral', { code }).catch(() => undefined);
      }
      return token;
    },
    onSuccess: (token) => {
      if (token) onSignedIn(token);
      else document.getElementById('auth-referralCode')?.focus();
    },
    meta: { handlesErrors: true },
  });
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
    onModeChange(isSignUp ? LOG_IN : SIGN_UP);
  };

  if (withPhone) {
    return (
      <PhoneSignInForm
        isSignUp={isSignUp}
        onSignedIn={onSignedIn}
        onBack={() => setWithPhone(false)}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="auth-title">
      <Typography id="auth-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {t(`${prefix}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t(`${prefix}.subtitle`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TextField
          id="auth-email"
          label={t('login.email')}
          type="email"
          autoComplete={isSignUp ? 'email' : 'username'}
          inputMode="email"
          value={fields.email}
          onChange={update('email')}
          error={Boolean(errorFor('email'))}
          helperText={errorFor('email')}
          autoFocus
        />
        <PasswordField
          id="auth-password"
          label={t('login.password')}
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={fields.password}
          onChange={update('password')}
          error={Boolean(errorFor('password'))}
          helperText={errorFor('password')}
        />
        {isSignUp && <PasswordStrengthMeter password={fields.password} />}
        {isSignUp && (
          <PasswordField
            id="auth-confirmPassword"
            label={t('login.confirmPassword')}
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={update('confirmPassword')}
            error={Boolean(errorFor('confirmPassword'))}
            helperText={errorFor('confirmPassword')}
          />
        )}
        {isSignUp && (
          <ReferralCodeField
            id="auth-referralCode"
            value={referralCode}
            onChange={(code) => {
              setReferralCode(code);
              setReferralInvalid(false);
            }}
            invalid={referralInvalid}
          />
        )}
        {!isSignUp && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => onForgotPassword(fields.email)}
            sx={{ justifySelf: 'end', mt: -1, fontWeight: 600 }}
          >
            {t('login.forgotPassword')}
          </Link>
        )}
        {serverError && (
          <Alert severity="error" role="alert" data-testid="auth-error">
            {t(serverError.key, serverError.values)}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submit.isPending}
          startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t(`${prefix}.submit`)}
        </Button>
        <SocialSignInButtons
          isSignUp={isSignUp}
          onSignedIn={onSignedIn}
          onPhone={() => setWithPhone(true)}
        />
        {isSignUp && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            <Trans
              i18nKey="login.signUp.agreement"
              components={{
                terms: <LegalLink onClick={() => onShowLegal('terms')} />,
                privacy: <LegalLink onClick={() => onShowLegal('privacy')} />,
              }}
            />
          </Typography>
        )}
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        {t(`${prefix}.switchPrompt`)}{' '}
        <Link component="button" type="button" onClick={switchMode} sx={{ fontWeight: 600 }}>
          {t(`${prefix}.switchAction`)}
        </Link>
      </Typography>
    </Box>
  );
}

function LegalLink({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <Link component="button" type="button" onClick={onClick} sx={{ verticalAlign: 'baseline' }}>
      {children}
    </Link>
  );
}
