import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { verifyEmail } from './account-api';
import { profileQueryKey } from '../api/profile';
import { useSessionToken } from '../api/session';
import { SECURITY_NS, securityErrorText } from './security-text';

/**
 * The link's verification, run once: a query, not an effect, so the link is spent exactly once
 * however often the page renders. Signed in, the profile is read again after it.
 */
function useEmailVerification(token: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
  const verified = verification.isSuccess;

  useEffect(() => {
    if (verified && signedIn) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [verified, signedIn, queryClient]);

  return verification;
}

/** The page's card, centred on the page. */
function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        bgcolor: 'background.default',
        display: 'grid',
        placeItems: 'center',
        px: 2,
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: '20px',
          maxWidth: 460,
          width: '100%',
          textAlign: 'center',
          display: 'grid',
          justifyItems: 'center',
          gap: 2,
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/** How it went: confirmed, or failed and why. */
function VerifyOutcome({ failure }: { failure: string | null }) {
  const { t } = useTranslation(SECURITY_NS);
  return failure ? (
    <>
      <ErrorIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('verify.failed')}
      </Typography>
      <Typography color="text.secondary" role="alert">
        {failure}
      </Typography>
    </>
  ) : (
    <>
      <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1">
        {t('verify.done')}
      </Typography>
      <Typography color="text.secondary">{t('verify.doneText')}</Typography>
    </>
  );
}

/**
 * /verify-email?token=…, the link of the verification mail, signed in or not: confirms the
 * address (VerifyEmail) once, says how it went and leads on to the account or the login.
 */
export default function VerifyEmailPage() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSessionToken() !== null;
  const navigate = useNavigate();
  const verification = useEmailVerification(token, signedIn);
  const verified = verification.isSuccess;

  const failure = !token
    ? t('verify.missing')
    : verification.error
      ? securityErrorText(verification.error, t, i18n)
      : null;
  const working = !failure && !verified;

  return (
    <VerifyFrame>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('verify.title')}
      </Typography>
      {working ? (
        <>
          <CircularProgress aria-hidden />
          <Typography variant="h6" component="h1" role="status">
            {t('verify.working')}
          </Typography>
        </>
      ) : (
        <>
          <VerifyOutcome failure={failure} />
          <Button
            variant="contained"
            size="large"
            sx={{ mt: 1 }}
            onClick={() => navigate(signedIn ? '/account' : '/login')}
          >
            {signedIn ? t('verify.toAccount') : t('verify.toLogin')}
          </Button>
        </>
      )}
    </VerifyFrame>
  );
}
