import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValidEmail, normalizeEmail } from '@planner/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chain } from '../api/client';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { keyText, SECURITY_NS, securityErrorText } from './security-text';

/** SetEmail and the profile it leaves, in one request and one transaction. */
function setEmail(email: string) {
  return chain([{ method: 'SetEmail', data: { email } }, { method: 'GetUserProfile' }] as const);
}

/**
 * The account's e-mail (SetEmail): the address, whether it is verified, a way to send the link
 * again, and a form to change it (a new address is unverified until its link is opened).
 */
export function EmailCard() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const queryClient = useQueryClient();
  const user = useProfile().data?.user;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);

  const onSent = ([, profile]: Awaited<ReturnType<typeof setEmail>>) => {
    queryClient.setQueryData(profileQueryKey, profile);
    showToast({
      key: `${SECURITY_NS}:account.messages.verificationEmailSent`,
      severity: 'success',
    });
  };
  const change = useMutation({
    mutationFn: setEmail,
    onSuccess: (answers) => {
      onSent(answers);
      setEditing(false);
      setDraft('');
      setShowInvalid(false);
    },
    meta: { handlesErrors: true },
  });
  const resend = useMutation({
    mutationFn: setEmail,
    onSuccess: onSent,
    meta: { handlesErrors: true },
  });

  if (!user) return <Skeleton variant="rounded" height={160} />;

  const invalid = !isValidEmail(draft);
  const same = !invalid && normalizeEmail(draft) === user.email;
  const fieldError =
    showInvalid && invalid
      ? keyText(t, i18n, 'invalid.enterEmail')
      : same
        ? t('email.sameEmail')
        : null;
  const changeError = change.error ? securityErrorText(change.error, t, i18n) : null;
  const resendError = resend.error ? securityErrorText(resend.error, t, i18n) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) {
      setShowInvalid(true);
      return;
    }
    if (!same) change.mutate(draft);
  };
  const openForm = () => {
    resend.reset();
    setEditing(true);
  };
  const closeForm = () => {
    setEditing(false);
    setDraft('');
    setShowInvalid(false);
    change.reset();
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="account-email-title"
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}
      data-testid="account-email-card"
    >
      <Typography variant="h6" component="h2" id="account-email-title">
        {t('email.title')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t('email.text')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flex: '1 1 240px' }}
        >
          {user.emailVerified ? (
            <MarkEmailReadIcon color="success" sx={{ flexShrink: 0 }} />
          ) : (
            <MarkEmailUnreadIcon color="warning" sx={{ flexShrink: 0 }} />
          )}
          <Typography
            sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="account-email"
          >
            {user.email || t('email.none')}
          </Typography>
        </Box>
        {user.email && (
          <Chip
            size="small"
            variant="outlined"
            color={user.emailVerified ? 'success' : 'warning'}
            label={user.emailVerified ? t('email.verified') : t('email.unverified')}
            data-testid="account-email-status"
          />
        )}
      </Box>
      {user.email && !user.emailVerified && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('email.unverifiedText')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            disabled={resend.isPending}
            onClick={() => resend.mutate(user.email)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {t('email.resend')}
          </Link>
        </Typography>
      )}
      {resendError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {resendError}
        </Alert>
      )}
      {editing ? (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ mt: 2.5, display: 'grid', gap: 1.5 }}
        >
          <TextField
            id="account-new-email"
            label={t('email.newEmail')}
            type="email"
            autoComplete="email"
            autoFocus
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (showInvalid && isValidEmail(event.target.value)) setShowInvalid(false);
              if (change.error) change.reset();
            }}
            onBlur={() => setShowInvalid(draft.trim() !== '')}
            error={fieldError !== null && !same}
            helperText={fieldError ?? t('email.newEmailHint')}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          {changeError && <Alert severity="error">{changeError}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={closeForm}>{t('email.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={change.isPending || same}>
              {t('email.save')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Button variant="outlined" onClick={openForm} sx={{ mt: 2.5 }}>
          {user.email ? t('email.change') : t('email.add')}
        </Button>
      )}
    </Paper>
  );
}
