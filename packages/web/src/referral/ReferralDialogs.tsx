import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isReferralCodeForm, normalizeReferralCode, REFERRAL_CODE_LENGTH } from '@planner/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './referral-api';
import { profileQueryKey } from '../api/profile';
import { showToast } from '../components/toast-store';
import { REFERRAL_NS, referralErrorText, referralLink } from './referral-text';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The account's code to share: copy it, copy the sign-up link, or scan the link's QR code. */
export function ShareCodeDialog({ open, onClose, code }: DialogProps & { code: string }) {
  const { t } = useTranslation(REFERRAL_NS);
  const titleId = useId();
  const link = referralLink(code);
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    showToast({ key: `${REFERRAL_NS}:share.copied`, severity: 'success' });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('share.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
        <DialogContentText sx={{ textAlign: 'center' }}>{t('share.text')}</DialogContentText>
        <Typography
          data-testid="referral-code"
          sx={{ fontFamily: 'monospace', fontSize: 32, fontWeight: 700, letterSpacing: 6 }}
        >
          {code}
        </Typography>
        <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 2, lineHeight: 0 }}>
          <QRCodeSVG value={link} size={168} title={t('share.qr')} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {link}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(code)}>
          {t('share.copy')}
        </Button>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(link)}>
          {t('share.copyLink')}
        </Button>
        <Button variant="contained" disableElevation onClick={onClose}>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The frame both code dialogs share: a form with its title, the fields, cancel and send. */
function CodeFormDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  isSubmitDisabled: boolean;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const { t } = useTranslation(REFERRAL_NS);
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={props.onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent sx={props.contentSx}>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disableElevation
            disabled={props.isSubmitDisabled}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The friend's code typed, checked for its form, and sent; closing empties the dialog. */
function useEnterCode(onClose: () => void) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState(false);
  const add = useMutation({
    mutationFn: (typed: string) => serverApi.addReferral({ code: typed }),
    onSuccess: async () => {
      showToast({ key: `${REFERRAL_NS}:enter.done`, severity: 'success' });
      close();
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    meta: { handlesErrors: true },
  });
  const close = () => {
    setCode('');
    setFormError(false);
    add.reset();
    onClose();
  };
  const type = (typed: string) => {
    setCode(normalizeReferralCode(typed));
    setFormError(false);
    add.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReferralCodeForm(code)) {
      setFormError(true);
      return;
    }
    add.mutate(normalizeReferralCode(code));
  };
  return { code, formError, add, close, type, onSubmit };
}

/** Enter a friend's code (AddReferral); the page hides the way here once the account is referred. */
export function EnterCodeDialog({ open, onClose }: DialogProps) {
  const { t, i18n } = useTranslation(REFERRAL_NS);
  const { code, formError, add, close, type, onSubmit } = useEnterCode(onClose);
  const error = formError
    ? t('errors.invalid.referral')
    : add.error
      ? referralErrorText(add.error, t, i18n)
      : null;
  return (
    <CodeFormDialog
      open={open}
      onClose={close}
      title={t('enter.title')}
      onSubmit={onSubmit}
      submitLabel={t('enter.submit')}
      isSubmitDisabled={add.isPending}
    >
      <TextField
        label={t('enter.label')}
        value={code}
        onChange={(event) => type(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { maxLength: REFERRAL_CODE_LENGTH, autoCapitalize: 'characters' },
        }}
        fullWidth
        autoFocus
        sx={{ mt: 1 }}
      />
    </CodeFormDialog>
  );
}

/** The code and e-mail typed (the account's own until changed), and the redeem; closing empties. */
function useRedeem(onClose: () => void, email: string) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const shownEmail = typedEmail ?? email;
  const redeem = useMutation({
    mutationFn: () => serverApi.redeem({ redeemCode: code.trim(), email: shownEmail.trim() }),
    onSuccess: async () => {
      showToast({ key: `${REFERRAL_NS}:redeem.done`, severity: 'success' });
      close();
      await queryClient.invalidateQueries();
    },
    meta: { handlesErrors: true },
  });
  const close = () => {
    setCode('');
    setTypedEmail(null);
    redeem.reset();
    onClose();
  };
  const typeCode = (typed: string) => {
    setCode(typed.toUpperCase());
    redeem.reset();
  };
  const typeEmail = (typed: string) => {
    setTypedEmail(typed);
    redeem.reset();
  };
  return { code, shownEmail, redeem, close, typeCode, typeEmail };
}

/** Redeem a code the operator made (Redeem): for this account, whose e-mail is asked to confirm. */
export function RedeemDialog({ open, onClose, email }: DialogProps & { email: string }) {
  const { t, i18n } = useTranslation(REFERRAL_NS);
  const { code, shownEmail, redeem, close, typeCode, typeEmail } = useRedeem(onClose, email);
  const error = redeem.error ? referralErrorText(redeem.error, t, i18n) : null;
  const emailError = redeem.error?.message === 'invalid.redeemEmail';
  return (
    <CodeFormDialog
      open={open}
      onClose={close}
      title={t('redeem.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) redeem.mutate();
      }}
      submitLabel={t('redeem.submit')}
      isSubmitDisabled={redeem.isPending || !code.trim()}
      contentSx={{ display: 'grid', gap: 2 }}
    >
      <DialogContentText>{t('redeem.text')}</DialogContentText>
      <TextField
        label={t('redeem.code')}
        value={code}
        onChange={(event) => typeCode(event.target.value)}
        error={Boolean(error) && !emailError}
        helperText={emailError ? undefined : error}
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
        autoFocus
      />
      <TextField
        label={t('redeem.email')}
        type="email"
        value={shownEmail}
        onChange={(event) => typeEmail(event.target.value)}
        error={emailError}
        helperText={emailError ? error : undefined}
      />
    </CodeFormDialog>
  );
}
