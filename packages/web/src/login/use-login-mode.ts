import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../api/query-client';
import { startSession } from '../api/session';
import { showToast } from '../components/toast-store';
import { INTRO, type LoginMode } from './mode-transition';

/**
 * Which panel the login screen shows (intro, log in, sign up, or the reset form of
 * /login?reset=<token>), the one it came from (for the animation), and where a sign-in goes.
 */
export function useLoginMode() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  const [mode, setModeState] = useState<LoginMode>(resetToken ? 0 : INTRO);
  const previousMode = useRef<LoginMode>(mode);

  const setMode = (next: LoginMode) => {
    previousMode.current = mode;
    setModeState(next);
  };

  return {
    resetToken,
    mode,
    previousMode,
    setMode,
    onSignedIn(token: string) {
      queryClient.clear();
      startSession(token);
      navigate('/agenda', { replace: true });
    },
    onResetDone() {
      showToast({ key: 'login.reset.done', severity: 'success' });
      setSearchParams({}, { replace: true });
      setMode(0);
    },
    cancelReset() {
      setSearchParams({}, { replace: true });
    },
  };
}
