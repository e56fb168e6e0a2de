import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../api/query-client';
import { startSession } from '../api/session';
import { LegalDialog, type LegalDocument } from '../components/LegalDialog';
import { Logo } from '../components/Logo';
import { showToast } from '../components/toast-store';
import { AuthForm } from './AuthForm';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { GetStarted } from './GetStarted';
import { IntroCarousel } from './IntroCarousel';
import { LanguageMenu } from './LanguageMenu';
import { INTRO, modeEnterAnimation, type LoginMode } from './mode-transition';
import { ResetPasswordForm } from './ResetPasswordForm';

const brandBackground =
  'radial-gradient(120% 90% at 10% 0%, #6f79f7 0%, #4a55e0 45%, #2f37a8 100%)';

/** /login: intro carousel, log in, sign up, forgot password and /login?reset=<token>. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [mode, setModeState] = useState<LoginMode>(resetToken ? 0 : INTRO);
  const previousMode = useRef<LoginMode>(mode);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);

  const setMode = (next: LoginMode) => {
    previousMode.current = mode;
    setModeState(next);
  };

  const onSignedIn = (token: string) => {
    queryClient.clear();
    startSession(token);
    navigate('/agenda', { replace: true });
  };

  const onResetDone = () => {
    showToast({ key: 'login.reset.done', severity: 'success' });
    setSearchParams({}, { replace: true });
    setMode(0);
  };

  const showsIntroOnly = !isWide && mode === INTRO && !resetToken;

  const panel = resetToken ? (
    <ResetPasswordForm
      token={resetToken}
      onDone={onResetDone}
      onCancel={() => setSearchParams({}, { replace: true })}
    />
  ) : mode === -1 ? (
    <GetStarted onChoose={setMode} />
  ) : (
    <AuthForm
      mode={mode}
      onModeChange={setMode}
      onSignedIn={onSignedIn}
      onForgotPassword={setForgotEmail}
      onShowLegal={setLegal}
    />
  );

  const dialogs = (
    <>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
      <ForgotPasswordDialog
        open={forgotEmail !== null}
        initialEmail={forgotEmail ?? ''}
        onClose={() => setForgotEmail(null)}
      />
    </>
  );

  if (showsIntroOnly) {
    return (
      <Box
        sx={{
          minHeight: '100dvh',
          background: brandBackground,
          color: 'common.white',
          display: 'flex',
          flexDirection: 'column',
          px: 2.5,
          pt: 2,
          pb: 3,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Logo inverted size={30} color="common.white" />
          <LanguageMenu onDark />
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 2 }}>
          <IntroCarousel illustrationHeight={200} />
        </Box>
        <GetStarted onChoose={setMode} onDark />
        {dialogs}
      </Box>
    );
  }

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
        bgcolor: 'background.paper',
      }}
    >
      {isWide && (
        <Box
          component="aside"
          sx={{
            background: brandBackground,
            color: 'common.white',
            display: 'flex',
            flexDirection: 'column',
            p: 5,
          }}
        >
          <Logo inverted size={34} color="common.white" />
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center' }}>
            <IntroCarousel illustrationHeight={260} />
          </Box>
        </Box>
      )}
      <Box component="main" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 1.5, sm: 3 },
            pt: { xs: 1.5, sm: 3 },
          }}
        >
          {mode !== INTRO && !resetToken ? (
            <Button startIcon={<ArrowBackIcon />} color="inherit" onClick={() => setMode(INTRO)}>
              {t('common.back')}
            </Button>
          ) : (
            <Box>{!isWide && <Logo size={28} />}</Box>
          )}
          <LanguageMenu />
        </Box>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            px: { xs: 2.5, sm: 4 },
            py: { xs: 3, sm: 5 },
          }}
        >
          <Box
            key={resetToken ? 'reset' : mode}
            sx={{ width: '100%', maxWidth: 420, ...modeEnterAnimation(previousMode.current, mode) }}
          >
            {panel}
          </Box>
        </Box>
        <Box
          component="footer"
          sx={{ display: 'flex', justifyContent: 'center', gap: 3, pb: 3, px: 2 }}
        >
          <Link
            component="button"
            variant="body2"
            color="text.secondary"
            onClick={() => setLegal('terms')}
          >
            {t('legal.terms')}
          </Link>
          <Link
            component="button"
            variant="body2"
            color="text.secondary"
            onClick={() => setLegal('privacy')}
          >
            {t('legal.privacy')}
          </Link>
        </Box>
      </Box>
      {dialogs}
    </Box>
  );
}
