import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isIosShell } from '../bridge/bridge';
import { ReferralCodeField } from '../referral/ReferralCodeField';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import type { AuthFormState } from './use-auth-form';

interface AuthCredentialFieldsProps {
  form: AuthFormState;
  onForgotPassword: (email: string) => void;
}

/**
 * The boxes of the log-in and sign-up form: e-mail and password; on sign-up the strength meter,
 * the confirmation and (not in the iOS shell, spec) the referral code; on log-in the
 * forgot-password link.
 */
export function AuthCredentialFields({ form, onForgotPassword }: AuthCredentialFieldsProps) {
  const { t } = useTranslation();
  const { fields, isSignUp, update, errorFor, referral, startsAtPassword } = form;
  return (
    <>
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
        autoFocus={!startsAtPassword}
      />
      <PasswordField
        id="auth-password"
        label={t('login.password')}
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        value={fields.password}
        onChange={update('password')}
        error={Boolean(errorFor('password'))}
        helperText={errorFor('password')}
        autoFocus={startsAtPassword}
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
      {isSignUp && !isIosShell() && (
        <ReferralCodeField
          id="auth-referralCode"
          value={referral.code}
          onChange={referral.change}
          invalid={referral.isInvalid}
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
    </>
  );
}
