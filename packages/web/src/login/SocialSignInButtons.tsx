import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentApiBase } from '../api/api-base';
import { createSession, createUser } from './login-api';
import { getBridge, isNativeShell } from '../bridge/bridge';
import { useSignInErrorText } from './sign-in-error';
import { signInWithPopup, type SocialProvider } from '../bridge/oauth-popup';
import { SOCIAL_NAMESPACE, signUpOptions, useOAuthProviders } from './social-sign-in';

interface SocialSignInButtonsProps {
  /** Sign-up asks CreateUser, log-in CreateSession; either creates a new person's account. */
  isSignUp: boolean;
  onSignedIn: (token: string) => void;
  onPhone: () => void;
}

/** The provider's one-time ticket: the shell's system browser, else the popup. */
async function socialTicket(provider: SocialProvider): Promise<string> {
  if (isNativeShell()) return (await getBridge()).signIn(provider);
  // Opened first thing in the click: a browser lets only a click open a window.
  return signInWithPopup(provider, currentApiBase());
}

async function signIn(provider: SocialProvider, isSignUp: boolean): Promise<string> {
  const ticket = await socialTicket(provider);
  const credentials = {
    ...(provider === 'google' ? { googleToken: ticket } : { facebookToken: ticket }),
    options: signUpOptions(),
  };
  const answer = isSignUp ? await createUser(credentials) : await createSession(credentials);
  return answer.authToken;
}

/** "or", then Google and Facebook (when the server has them) and the phone. */
export function SocialSignInButtons({ isSignUp, onSignedIn, onPhone }: SocialSignInButtonsProps) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  const providers = useOAuthProviders();
  const explain = useSignInErrorText();
  const popup = useMutation({
    mutationFn: (provider: SocialProvider) => signIn(provider, isSignUp),
    onSuccess: (token) => onSignedIn(token),
    meta: { handlesErrors: true },
  });
  const problem = popup.error ? explain(popup.error) : null;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Divider sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>{t('or')}</Divider>
      {providers.google && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<GoogleIcon />}
          disabled={popup.isPending}
          onClick={() => popup.mutate('google')}
          data-testid="sign-in-google"
        >
          {t('google')}
        </Button>
      )}
      {providers.facebook && (
        <Button
          variant="outlined"
          size="large"
          startIcon={<FacebookIcon sx={{ color: '#1877f2' }} />}
          disabled={popup.isPending}
          onClick={() => popup.mutate('facebook')}
          data-testid="sign-in-facebook"
        >
          {t('facebook')}
        </Button>
      )}
      <Button
        variant="outlined"
        size="large"
        startIcon={<PhoneIphoneIcon />}
        onClick={onPhone}
        data-testid="sign-in-phone"
      >
        {t('phone')}
      </Button>
      {problem && (
        <Alert
          severity={problem.isCancel ? 'info' : 'error'}
          role="alert"
          data-testid="social-error"
        >
          {problem.text}
        </Alert>
      )}
    </Box>
  );
}
