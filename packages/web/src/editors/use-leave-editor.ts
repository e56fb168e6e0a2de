import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHistoryGuard } from './history-guard';

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
 * Leaving an editor with unsaved changes asks first (spec 4 and 5): the screen's Back button and
 * the browser's own Back open the discard question; closing the tab asks the browser's question.
 * `goBack` and `leaveTo` are for leaving after a save or delete.
 */
export function useLeaveEditor(isDirty: boolean, fallback: string) {
  const goBackNow = useGoBack(fallback);
  const [isAsking, setAsking] = useState(false);
  const guard = useHistoryGuard(isDirty, () => setAsking(true));

  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const { leave, rearm } = guard;
  const goBack = useCallback(() => leave(goBackNow), [leave, goBackNow]);

  const requestLeave = useCallback(() => {
    if (isDirty) setAsking(true);
    else goBack();
  }, [isDirty, goBack]);

  return {
    requestLeave,
    goBack,
    leaveTo: leave,
    discardDialog: {
      open: isAsking,
      onConfirm: () => {
        setAsking(false);
        goBack();
      },
      onCancel: () => {
        setAsking(false);
        // After the browser's Back the guard entry is gone: put it back.
        if (isDirty) rearm();
      },
    },
  };
}
