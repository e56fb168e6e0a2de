import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentApiBase } from '../api/api-base';
import { connectSocialAccount } from './account-api';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { signInWithPopup, type SocialProvider } from '../bridge/oauth-popup';
import { useSignInErrorText } from '../login/sign-in-error';
import { SOCIAL_NAMESPACE, useOAuthProviders } from '../login/social-sign-in';
import { CardFrame } from '../components/CardFrame';

async function connect(provider: SocialProvider): Promise<void> {
  const token = await signInWithPopup(provider, currentApiBase());
  await connectSocialAccount(provider, token);
}

type SocialUser = { name?: string } | undefined;

/** Connects a provider with the sign-in popup; the profile is read again after. */
function useLinkSocial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connect,
    onSuccess: async () => {
      showToast({ key: `${SOCIAL_NAMESPACE}:card.connectedToast`, severity: 'success' });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    meta: { handlesErrors: true },
  });
}

/** A provider: connected (as whom), or a button to connect it. */
function SocialRow(props: {
  provider: SocialProvider;
  icon: ReactNode;
  connected: SocialUser;
  isLinking: boolean;
  onConnect: () => void;
}) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  const { provider, connected } = props;
  return (
    <Row
      testId={`connected-${provider}`}
      icon={props.icon}
      title={t(`card.${provider}Name`)}
      detail={
        connected
          ? connected.name
            ? t('card.connectedAs', { name: connected.name })
            : t('card.connected')
          : t('card.notConnected')
      }
      action={
        connected ? (
          <Chip
            icon={<CheckCircleIcon />}
            label={t('card.connected')}
            color="success"
            variant="outlined"
            size="small"
          />
        ) : (
          <Button variant="outlined" disabled={props.isLinking} onClick={props.onConnect}>
            {t('card.connect')}
          </Button>
        )
      }
    />
  );
}

/**
 * Google and Facebook connected to the account (connect with the same popup as sign-in; a
 * provider the server has not configured is shown only if already connected), and the phone
 * the account signs in with, when it has one.
 */
export function ConnectedAccountsCard() {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  const user = useProfile().data?.user;
  const providers = useOAuthProviders();
  const explain = useSignInErrorText();
  const link = useLinkSocial();
  if (!user) return null;

  const socials: { provider: SocialProvider; icon: ReactNode; connected: SocialUser }[] = [
    { provider: 'google', icon: <GoogleIcon />, connected: user.googleUser },
    {
      provider: 'facebook',
      icon: <FacebookIcon sx={{ color: '#1877f2' }} />,
      connected: user.facebookUser,
    },
  ];
  const rows = [
    ...socials
      .filter((social) => social.connected || providers[social.provider])
      .map((social) => (
        <SocialRow
          key={social.provider}
          {...social}
          isLinking={link.isPending}
          onConnect={() => link.mutate(social.provider)}
        />
      )),
    ...(user.phoneNumber
      ? [
          <Row
            key="phone"
            testId="connected-phone"
            icon={<PhoneIphoneIcon />}
            title={t('card.phoneName')}
            detail={`+${user.countryCallingCode} ${user.phoneNumber}`}
          />,
        ]
      : []),
  ];
  if (rows.length === 0) return null;
  const problem = link.error ? explain(link.error) : null;

  return (
    <CardFrame
      title={t('card.title')}
      text={t('card.text')}
      textGap={2}
      testId="connected-accounts-card"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>{rows}</Box>
      {problem && (
        <Alert severity={problem.isCancel ? 'info' : 'error'} role="alert" sx={{ mt: 2 }}>
          {problem.text}
        </Alert>
      )}
    </CardFrame>
  );
}

interface RowProps {
  testId: string;
  icon: ReactNode;
  title: string;
  detail: string;
  action?: ReactNode;
}

function Row({ testId, icon, title, detail, action }: RowProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, minHeight: 56 }}
    >
      <Box sx={{ display: 'flex', color: 'text.secondary' }}>{icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}
