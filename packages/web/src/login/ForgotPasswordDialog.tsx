import { isValidEmail, normalizeEmail } from '@planner/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './login-api';
import { rememberResetEmail } from './reset-email';
import { describeError } from '../api/error-message';
import { showToast } from '../components/toast-store';

const RECOVERY_NOTICE_MS = 10_000;

interface ForgotPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}

/**
 * The dialog's form: the address typed, whether it was refused as no address, and the request
 * (lowercased, spec 5); a sent request closes the dialog with a notice.
 */
function useForgotPasswordForm(initialEmail: string, onClose: () => void) {
  const [email, setEmail] = useState(initialEmail);
  const [isInvalid, setInvalid] = useState(false);
  const request = useMutation({
    mutationFn: () => requestPasswordReset({ email: normalizeEmail(email) }),
    onSuccess: () => {
      rememberResetEmail(normalizeEmail(email));
      showToast({
        key: 'account.messages.recoveryEmailSent',
        severity: 'success',
        timeoutMs: RECOVERY_NOTICE_MS,
      });
      onClose();
    },
    meta: { handlesErrors: true },
  });

  const type = (typed: string) => {
    setEmail(typed);
    setInvalid(false);
  };
  /** Each opening starts again from the address on the login form. */
  const reset = () => {
    setEmail(initialEmail);
    setInvalid(false);
    request.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const isValid = isValidEmail(email);
    setInvalid(!isValid);
    if (isValid) request.mutate();
  };
  return { email, isInvalid, request, type, reset, onSubmit };
}

/** Asks for the account's e-mail and sends RequestPasswordReset (lowercased, spec 5). */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: ForgotPasswordDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { email, isInvalid, request, type, reset, onSubmit } = useForgotPasswordForm(
    initialEmail,
    onClose,
  );
  const serverError = request.error ? describeError(request.error, (k) => i18n.exists(k)) : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onEnter: reset } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('login.forgot.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>{t('login.forgot.text')}</DialogContentText>
          <TextField
            id="forgot-email"
            label={t('login.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => type(event.target.value)}
            error={isInvalid}
            helperText={isInvalid ? t('invalid.enterEmail') : undefined}
            autoFocus
          />
          {serverError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t(serverError.key, serverError.values)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            {t('login.forgot.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
