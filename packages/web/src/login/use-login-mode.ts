import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../api/query-client';
import { startSession } from '../api/session';
import { showToast } from '../components/toast-store';
import { LOG_IN } from './auth-form-state';
import { INTRO, type LoginMode } from './mode-transition';
import { readResetEmail, takeResetEmail } from './reset-email';

/**
 * Which panel the login screen shows (intro, log in, sign up, or the reset form of
 * /login?reset=<token>), the one it came from (for the animation), the e-mail typed so far
 * (each mode's form is a new one, and starts with it), and where a sign-in goes.
 */
export function useLoginMode() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  const [mode, setModeState] = useState<LoginMode>(resetToken ? LOG_IN : INTRO);
  const [email, setEmail] = useState('');
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const previousMode = useRef<LoginMode>(mode);

  /** Shows another mode; `typedEmail` is what the form leaving had in its e-mail box. */
  const setMode = (next: LoginMode, typedEmail?: string) => {
    previousMode.current = mode;
    setModeState(next);
    if (typedEmail !== undefined) setEmail(typedEmail);
  };
  const leaveReset = () => setSearchParams({}, { replace: true });

  return {
    resetToken,
    mode,
    previousMode,
    setMode,
    email,
    /** The forgot-password dialog's starting address; null while it is closed. */
    forgotEmail,
    setForgotEmail,
    onSignedIn(token: string) {
      queryClient.clear();
      startSession(token);
      navigate('/agenda', { replace: true });
    },
    /** Log in next, with the address the link was asked for when this device asked. */
    onResetDone() {
      showToast({ key: 'login.reset.done', severity: 'success' });
      leaveReset();
      setMode(LOG_IN, takeResetEmail());
    },
    cancelReset: leaveReset,
    /** A dead link: log in is behind the dialog that asks for a new one. */
    requestNewLink() {
      const known = readResetEmail();
      leaveReset();
      setMode(LOG_IN, known);
      setForgotEmail(known);
    },
  };
}
