import MarkEmailReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setEmail } from './account-api';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { SECURITY_NS, securityErrorText } from './security-text';
import { CardFrame } from '../components/CardFrame';
import { ChangeEmailForm } from './ChangeEmailForm';
import type { SetEmailAnswers } from './use-change-email';

/** After SetEmail: the profile as answered, and word that a verification link is on its way. */
function useOnEmailSent() {
  const queryClient = useQueryClient();
  return ([, profile]: SetEmailAnswers) => {
    queryClient.setQueryData(profileQueryKey, profile);
    showToast({
      key: `${SECURITY_NS}:account.messages.verificationEmailSent`,
      severity: 'success',
    });
  };
}

/**
 * The account's e-mail (SetEmail): the address, whether it is verified, a way to send the link
 * again, and a form to change it (a new address is unverified until its link is opened).
 */
export function EmailCard() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const user = useProfile().data?.user;
  const [editing, setEditing] = useState(false);
  const onSent = useOnEmailSent();
  const resend = useMutation({
    mutationFn: setEmail,
    onSuccess: onSent,
    meta: { handlesErrors: true },
  });

  if (!user) return <Skeleton variant="rounded" height={160} />;

  return (
    <CardFrame
      title={t('email.title')}
      titleId="account-email-title"
      text={t('email.text')}
      textGap={2}
      testId="account-email-card"
    >
      <EmailStatus
        email={user.email}
        isVerified={user.emailVerified}
        isResending={resend.isPending}
        resendError={resend.error ? securityErrorText(resend.error, t, i18n) : null}
        onResend={() => resend.mutate({ email: user.email })}
      />
      {editing ? (
        <ChangeEmailForm
          currentEmail={user.email}
          // Whoever holds the session must also know the password to move the account's address.
          needsPassword={user.hasPassword}
          onChanged={(answers) => {
            onSent(answers);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Button
          variant="outlined"
          onClick={() => {
            resend.reset();
            setEditing(true);
          }}
          sx={{ mt: 2.5 }}
        >
          {user.email ? t('email.change') : t('email.add')}
        </Button>
      )}
    </CardFrame>
  );
}

interface EmailStatusProps {
  email: string;
  isVerified: boolean;
  isResending: boolean;
  resendError: string | null;
  onResend: () => void;
}

/** The address with its verified or unverified mark, and the link sent again on request. */
function EmailStatus(props: EmailStatusProps) {
  const { email, isVerified, isResending, resendError, onResend } = props;
  const { t } = useTranslation(SECURITY_NS);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, flex: '1 1 240px' }}
        >
          {isVerified ? (
            <MarkEmailReadIcon color="success" sx={{ flexShrink: 0 }} />
          ) : (
            <MarkEmailUnreadIcon color="warning" sx={{ flexShrink: 0 }} />
          )}
          <Typography
            sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="account-email"
          >
            {email || t('email.none')}
          </Typography>
        </Box>
        {email && (
          <Chip
            size="small"
            variant="outlined"
            color={isVerified ? 'success' : 'warning'}
            label={isVerified ? t('email.verified') : t('email.unverified')}
            data-testid="account-email-status"
          />
        )}
      </Box>
      {email && !isVerified && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('email.unverifiedText')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            disabled={isResending}
            onClick={onResend}
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
    </>
  );
}
