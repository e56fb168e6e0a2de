import { isPasswordStrongEnough } from '@planner/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPassword } from './login-api';
import { describeError } from '../api/error-message';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

type ResetProblem =
  'invalid.enterPassword' | 'invalid.passwordTooWeak' | 'invalid.passwordMismatch';

function checkNewPassword(password: string, confirmPassword: string): ResetProblem | null {
  if (password.length === 0) return 'invalid.enterPassword';
  if (password !== confirmPassword) return 'invalid.passwordMismatch';
  if (!isPasswordStrongEnough(password)) return 'invalid.passwordTooWeak';
  return null;
}

interface ResetPasswordFormProps {
  /** The token from the e-mailed link (/login?reset=...). */
  token: string;
  onDone: () => void;
  onCancel: () => void;
}

/** The two passwords typed, the problem found in them, and the reset (ResetPassword). */
function useResetPassword(token: string, onDone: () => void) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<ResetProblem | null>(null);
  const reset = useMutation({
    mutationFn: () => resetPassword({ id: token, password }),
    onSuccess: () => onDone(),
    meta: { handlesErrors: true },
  });
  const typePassword = (typed: string) => {
    setPassword(typed);
    setProblem(null);
  };
  const typeConfirm = (typed: string) => {
    setConfirmPassword(typed);
    setProblem(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword(password, confirmPassword);
    setProblem(found);
    if (!found) reset.mutate();
  };
  return { password, confirmPassword, problem, reset, typePassword, typeConfirm, onSubmit };
}

/** The new password with its strength, and the same again; each says its own problem. */
function NewPasswordFields({
  form,
}: {
  form: Omit<ReturnType<typeof useResetPassword>, 'reset' | 'onSubmit'>;
}) {
  const { t } = useTranslation();
  const { problem } = form;
  const isMismatch = problem === 'invalid.passwordMismatch';
  return (
    <>
      <PasswordField
        id="reset-password"
        label={t('login.reset.newPassword')}
        autoComplete="new-password"
        value={form.password}
        onChange={(event) => form.typePassword(event.target.value)}
        error={problem !== null && !isMismatch}
        helperText={problem !== null && !isMismatch ? t(problem) : undefined}
        autoFocus
      />
      <PasswordStrengthMeter password={form.password} />
      <PasswordField
        id="reset-confirmPassword"
        label={t('login.confirmPassword')}
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={(event) => form.typeConfirm(event.target.value)}
        error={isMismatch}
        helperText={isMismatch ? t('invalid.passwordMismatch') : undefined}
      />
    </>
  );
}

/** Sets a new password with the e-mailed reset token (ResetPassword). */
export function ResetPasswordForm({ token, onDone, onCancel }: ResetPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const form = useResetPassword(token, onDone);
  const { reset } = form;
  const serverError = reset.error ? describeError(reset.error, (k) => i18n.exists(k)) : null;

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit} aria-labelledby="reset-title">
      <Typography id="reset-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('login.reset.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('login.reset.text')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <NewPasswordFields form={form} />
        {serverError && (
          <Alert severity="error" role="alert">
            {t(serverError.key, serverError.values)}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={reset.isPending}
          startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('login.reset.submit')}
        </Button>
        <Link component="button" type="button" onClick={onCancel} sx={{ fontWeight: 600 }}>
          {t('login.reset.backToLogIn')}
        </Link>
      </Box>
    </Box>
  );
}
