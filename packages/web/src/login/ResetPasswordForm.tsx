import { isPasswordStrongEnough } from '@planner/core';
import { RpcError } from '@planner/protocol/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isResetLinkAlive,
  RESET_LINK_INVALID,
  resetLinkQueryKey,
  resetPassword,
} from './login-api';
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

/** The box a problem is about: the confirmation for a mismatch, else the new password. */
function focusFieldOf(problem: ResetProblem) {
  const id = problem === 'invalid.passwordMismatch' ? 'reset-confirmPassword' : 'reset-password';
  document.getElementById(id)?.focus();
}

const isRefusal = (error: unknown, message: string) =>
  error instanceof RpcError && error.message === message;

interface ResetPasswordFormProps {
  /** The token from the e-mailed link (/login?reset=...). */
  token: string;
  onDone: () => void;
  onCancel: () => void;
  /** A dead link's way on: the forgot-password dialog. */
  onRequestNewLink: () => void;
}

/**
 * The two passwords typed, the problem found in them (the focus goes to its box, as sign-up
 * does), and the reset (ResetPassword).
 */
function useResetPassword(token: string, onDone: () => void) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<ResetProblem | null>(null);
  const showProblem = (found: ResetProblem) => {
    setProblem(found);
    focusFieldOf(found);
  };
  const reset = useMutation({
    mutationFn: () => resetPassword({ id: token, password }),
    onSuccess: () => onDone(),
    onError: (error) => {
      if (isRefusal(error, 'invalid.passwordTooWeak')) showProblem('invalid.passwordTooWeak');
    },
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
    if (found) {
      showProblem(found);
      return;
    }
    setProblem(null);
    reset.mutate();
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

/**
 * A link that can set no password (unknown, used or expired): said at once, with the way to a
 * new one. The heading takes the focus, so a screen reader says why the form went away.
 */
function DeadLink({
  onRequestNewLink,
  onCancel,
}: Omit<ResetPasswordFormProps, 'token' | 'onDone'>) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Box aria-labelledby="reset-title" data-testid="reset-link-dead">
      <Typography
        id="reset-title"
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h1"
        sx={{ mb: 1, outline: 'none' }}
      >
        {t('login.reset.deadTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('login.reset.deadText')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Button variant="contained" size="large" onClick={onRequestNewLink}>
          {t('login.reset.requestNew')}
        </Button>
        <Link component="button" type="button" onClick={onCancel} sx={{ fontWeight: 600 }}>
          {t('login.reset.backToLogIn')}
        </Link>
      </Box>
    </Box>
  );
}

/**
 * Sets a new password with the e-mailed reset token (ResetPassword). The link is checked as the
 * page opens, without spending it, so a dead one asks for no passwords first.
 */
export function ResetPasswordForm(props: ResetPasswordFormProps) {
  const { token, onDone, onCancel, onRequestNewLink } = props;
  const { t, i18n } = useTranslation();
  const link = useQuery({
    queryKey: resetLinkQueryKey(token),
    queryFn: () => isResetLinkAlive(token),
    staleTime: Infinity,
    gcTime: 0,
    // Unanswered (offline): the form shows, and the reset itself will say.
    meta: { silent: true },
  });
  const form = useResetPassword(token, onDone);
  const { reset } = form;

  if (link.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} aria-busy="true">
        <CircularProgress aria-label={t('login.reset.checking')} />
      </Box>
    );
  }
  if (link.data === false || isRefusal(reset.error, RESET_LINK_INVALID)) {
    return <DeadLink onRequestNewLink={onRequestNewLink} onCancel={onCancel} />;
  }
  // A password the server finds too weak is said next to the box, like the form's own check.
  const serverError =
    reset.error && !isRefusal(reset.error, 'invalid.passwordTooWeak')
      ? describeError(reset.error, (k) => i18n.exists(k))
      : null;

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
