import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { RpcError } from '@planner/protocol/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount } from './account-api';
import { describeError } from '../api/error-message';
import { endSession } from '../api/session';
import { showToast } from '../components/toast-store';

/** How this account confirms: its password, else its e-mail, else a fresh sign-in. */
export type Confirmation = 'password' | 'email' | 'freshSignIn';

export function confirmationFor(user: { hasPassword: boolean; email: string }): Confirmation {
  if (user.hasPassword) return 'password';
  return user.email ? 'email' : 'freshSignIn';
}

/** Server refusals that mean "the confirmation typed in step 2 is not right". */
const CONFIRMATION_ERRORS: ReadonlySet<string> = new Set([
  'invalid.wrongCredentials',
  'invalid.emailMismatch',
  'invalid.enterPassword',
  'invalid.enterEmail',
]);

const LOSSES = ['planning', 'history', 'settings', 'account'] as const;

interface DeleteAccountDialogProps {
  open: boolean;
  confirmation: Confirmation;
  onClose: () => void;
  /** Offered in step 1: a copy of the data before it goes. */
  onDownload: () => void;
  downloading: boolean;
}

/** A refusal in words: the dialog's own text for its keys, else the app's usual one. */
function useRefusalText(): (error: unknown) => string {
  const { t, i18n } = useTranslation(['account-data', 'translation']);
  return (error) => {
    if (error instanceof RpcError && i18n.exists(error.message, { ns: 'account-data' })) {
      return t(error.message, { ns: 'account-data' });
    }
    const described = describeError(error, (key) => i18n.exists(key));
    return described ? t(described.key, { ...described.values, ns: 'translation' }) : '';
  };
}

/** DeleteAccount; a refused confirmation goes back to step 2 (`onRefused`). */
function useDeleteMutation(
  confirmation: Confirmation,
  secret: string,
  onRefused: (error: RpcError) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      deleteAccount(confirmation === 'password' ? { password: secret } : { email: secret.trim() }),
    onSuccess: () => {
      showToast({ key: 'account-data:deleted', severity: 'success' });
      // The account is gone: this device forgets it like a log out, and the route guard
      // sends the person to /login.
      endSession();
      queryClient.clear();
    },
    onError: (error) => {
      if (error instanceof RpcError && CONFIRMATION_ERRORS.has(error.message)) onRefused(error);
    },
    meta: { handlesErrors: true },
  });
}

/** The dialog's state: the step, the typed confirmation, DeleteAccount and its errors' words. */
function useDeleteAccount(confirmation: Confirmation) {
  const { t } = useTranslation(['account-data', 'translation']);
  const textOf = useRefusalText();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [secret, setSecret] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // No call checks a password without deleting (a sign-in would open a session): the password
  // is checked by DeleteAccount itself, and a refusal comes back to step 2 with what was typed
  // selected, so typing replaces it.
  const [wasRefused, setRefused] = useState(false);
  const remove = useDeleteMutation(confirmation, secret, (error) => {
    setFieldError(textOf(error));
    setRefused(true);
    setStep(2);
  });

  const stepTwoError =
    fieldError ?? (confirmation === 'freshSignIn' && remove.error ? textOf(remove.error) : null);
  const finalError =
    remove.error &&
    step === 3 &&
    !(remove.error instanceof RpcError && CONFIRMATION_ERRORS.has(remove.error.message))
      ? textOf(remove.error)
      : null;

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (confirmation !== 'freshSignIn' && !secret.trim()) {
      setFieldError(
        t(confirmation === 'password' ? 'invalid.enterPassword' : 'invalid.enterEmail', {
          ns: 'translation',
        }),
      );
      return;
    }
    setStep(3);
  };

  const typeSecret = (value: string) => {
    setSecret(value);
    setFieldError(null);
    setRefused(false);
  };

  const restart = () => {
    setStep(1);
    setSecret('');
    setFieldError(null);
    setRefused(false);
    remove.reset();
  };

  return {
    step,
    setStep,
    secret,
    typeSecret,
    wasRefused,
    stepTwoError,
    finalError,
    onConfirm,
    remove,
    restart,
  };
}

/** Step 1: what is lost, with a copy of the data offered first. */
function LossStep({
  onClose,
  onContinue,
  onDownload,
  downloading,
}: {
  onClose: () => void;
  onContinue: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation('account-data');
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('dialog.lossTitle')}</DialogContentText>
        <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.primary' }}>
          {LOSSES.map((loss) => (
            <Typography component="li" key={loss} sx={{ mb: 0.5 }}>
              {t(`dialog.loss.${loss}`)}
            </Typography>
          ))}
        </Box>
        <Alert severity="info" sx={{ mt: 2.5 }}>
          {t('dialog.exportOffer')}
          <Box sx={{ mt: 1 }}>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={onDownload}
              disabled={downloading}
            >
              {t('download')}
            </Button>
          </Box>
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          {t('dialog.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onContinue}>
          {t('dialog.continue')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Step 2: the password (or e-mail) typed again, or the word that a fresh sign-in is needed. */
function ConfirmStep({
  confirmation,
  secret,
  onType,
  error,
  wasRefused,
  onSubmit,
  onBack,
}: {
  confirmation: Confirmation;
  secret: string;
  onType: (value: string) => void;
  error: string | null;
  /** Back from the last step, refused: the focus on the box, what was typed selected. */
  wasRefused: boolean;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('account-data');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!wasRefused) return;
    input.current?.focus();
    input.current?.select();
    // Once, as the step comes back.
  }, []);
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>
          {t(
            confirmation === 'password'
              ? 'dialog.confirmPassword'
              : confirmation === 'email'
                ? 'dialog.confirmEmail'
                : 'dialog.confirmFresh',
          )}
        </DialogContentText>
        {confirmation !== 'freshSignIn' && (
          <TextField
            id="delete-account-confirmation"
            label={t(confirmation === 'password' ? 'dialog.password' : 'dialog.email')}
            type={confirmation === 'password' ? 'password' : 'email'}
            autoComplete={confirmation === 'password' ? 'current-password' : 'email'}
            value={secret}
            onChange={(event) => onType(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            fullWidth
            autoFocus
            inputRef={input}
          />
        )}
        {confirmation === 'freshSignIn' && error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onBack} color="inherit">
          {t('dialog.back')}
        </Button>
        <Button type="submit" variant="contained" color="error">
          {t('dialog.continue')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Step 3: the final word, then DeleteAccount. */
function FinalStep({
  error,
  isPending,
  onBack,
  onDelete,
}: {
  error: string | null;
  isPending: boolean;
  onBack: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('account-data');
  return (
    <>
      <DialogContent>
        <DialogContentText>{t('dialog.finalText')}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onBack} color="inherit" disabled={isPending}>
          {t('dialog.back')}
        </Button>
        <Button variant="contained" color="error" onClick={onDelete} disabled={isPending}>
          {t('dialog.deleteForever')}
        </Button>
      </DialogActions>
    </>
  );
}

/** The step's number and title, and a bar of the way to the end. */
function StepTitle({ id, step }: { id: string; step: 1 | 2 | 3 }) {
  const { t } = useTranslation('account-data');
  return (
    <>
      <DialogTitle id={id} sx={{ pb: 1 }}>
        <Typography variant="overline" component="div" color="error" sx={{ lineHeight: 1.6 }}>
          {t('dialog.stepOf', { step })}
        </Typography>
        {t(step === 3 ? 'dialog.finalTitle' : 'dialog.title')}
      </DialogTitle>
      <LinearProgress
        variant="determinate"
        color="error"
        value={(step / 3) * 100}
        aria-hidden
        sx={{ mx: 3, borderRadius: 1 }}
      />
    </>
  );
}

/**
 * The three steps before an account goes (spec: three-step confirmation): 1. what is lost, with
 * the export offered; 2. the password (or e-mail) typed again; 3. the final word. Then
 * DeleteAccount, and this device forgets everything and goes to /login.
 */
export function DeleteAccountDialog({
  open,
  confirmation,
  onClose,
  onDownload,
  downloading,
}: DeleteAccountDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const state = useDeleteAccount(confirmation);
  const { step, setStep, remove } = state;

  return (
    <Dialog
      open={open}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      data-testid="delete-account-dialog"
      slotProps={{ transition: { onEnter: state.restart } }}
    >
      <StepTitle id={titleId} step={step} />
      {step === 1 && (
        <LossStep
          onClose={onClose}
          onContinue={() => setStep(2)}
          onDownload={onDownload}
          downloading={downloading}
        />
      )}
      {step === 2 && (
        <ConfirmStep
          confirmation={confirmation}
          secret={state.secret}
          onType={state.typeSecret}
          error={state.stepTwoError}
          wasRefused={state.wasRefused}
          onSubmit={state.onConfirm}
          onBack={() => setStep(1)}
        />
      )}
      {step === 3 && (
        <FinalStep
          error={state.finalError}
          isPending={remove.isPending}
          onBack={() => setStep(2)}
          onDelete={() => remove.mutate()}
        />
      )}
    </Dialog>
  );
}
