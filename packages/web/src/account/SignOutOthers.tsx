import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revokeSession, sessionsQueryKey, type fetchSessions } from './account-api';
import { showToast } from '../components/toast-store';

type SessionsAnswer = Awaited<ReturnType<typeof fetchSessions>>;

/**
 * Signs out every device but this one: one RevokeSession each (there is no call for all at
 * once), every one tried before a failure is told; the list then keeps only this device.
 */
function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const results = await Promise.allSettled(ids.map((id) => revokeSession(id)));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    },
    onSuccess: () => {
      queryClient.setQueryData<SessionsAnswer>(sessionsQueryKey, (answer) =>
        answer ? { ...answer, sessions: answer.sessions.filter((s) => s.isThis) } : answer,
      );
      showToast({ key: 'account.sessions.signedOutOthers', severity: 'success' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

interface SignOutOthersProps {
  /** The other devices' sessions; the button shows while there are any. */
  ids: readonly string[];
  /** Where the focus goes once they are signed out (the button that had it is gone). */
  onDone: () => void;
}

/**
 * "Sign out all other devices", asked first (it cannot be taken back). It stays mounted when no
 * other device is left, so its dialog can close and hand the focus on.
 */
export function SignOutOthers({ ids, onDone }: SignOutOthersProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [isAsking, setAsking] = useState(false);
  const signOut = useSignOutOthers();
  const confirm = () => {
    if (!signOut.isPending) signOut.mutate(ids, { onSuccess: () => setAsking(false) });
  };
  return (
    <>
      {ids.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          onClick={() => {
            signOut.reset();
            setAsking(true);
          }}
          sx={{ mt: 2 }}
        >
          {t('account.sessions.signOutOthers')}
        </Button>
      )}
      <Dialog
        open={isAsking}
        onClose={() => setAsking(false)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
        data-testid="sign-out-others-dialog"
        // Done, the button the focus would go back to is gone: onDone says where it goes.
        disableRestoreFocus={signOut.isSuccess}
        slotProps={{ transition: { onExited: () => signOut.isSuccess && onDone() } }}
      >
        <DialogTitle id={titleId}>{t('account.sessions.signOutOthersTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('account.sessions.signOutOthersText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => setAsking(false)} color="inherit" autoFocus>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="error" disabled={signOut.isPending} onClick={confirm}>
            {t('account.sessions.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
