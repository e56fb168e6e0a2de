import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** Where an editor goes back to: the previous screen of this app, else `fallback`. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}

/**
 * Leaving an editor with unsaved changes asks first (spec 4 and 5): `requestLeave` either leaves
 * or opens the discard question. Closing the tab asks the browser's own question.
 */
export function useLeaveEditor(isDirty: boolean, fallback: string) {
  const goBack = useGoBack(fallback);
  const [isAsking, setAsking] = useState(false);

  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const requestLeave = useCallback(() => {
    if (isDirty) setAsking(true);
    else goBack();
  }, [isDirty, goBack]);

  return {
    requestLeave,
    goBack,
    discardDialog: {
      open: isAsking,
      onConfirm: () => {
        setAsking(false);
        goBack();
      },
      onCancel: () => setAsking(false),
    },
  };
}
