import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { LegalDialog, type LegalDocument } from '../components/LegalDialog';
import { AuthForm } from './AuthForm';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { GetStarted } from './GetStarted';
import { BrandAside, CenteredPanel, IntroOnlyScreen, LegalFooter, LoginTopBar } from './LoginParts';
import { INTRO, modeEnterAnimation } from './mode-transition';
import { ResetPasswordForm } from './ResetPasswordForm';
import { useLoginMode } from './use-login-mode';

/** /login: intro carousel, log in, sign up, forgot password and /login?reset=<token>. */
export default function LoginPage() {
  const { resetToken, mode, previousMode, setMode, ...login } = useLoginMode();
  const isWide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [legal, setLegal] = useState<LegalDocument | null>(null);

  const showsIntroOnly = !isWide && mode === INTRO && !resetToken;

  const panel = resetToken ? (
    <ResetPasswordForm
      token={resetToken}
      onDone={login.onResetDone}
      onCancel={login.cancelReset}
      onRequestNewLink={login.requestNewLink}
    />
  ) : mode === -1 ? (
    <GetStarted onChoose={setMode} />
  ) : (
    <AuthForm
      mode={mode}
      email={login.email}
      onModeChange={setMode}
      onSignedIn={login.onSignedIn}
      onForgotPassword={login.setForgotEmail}
      onShowLegal={setLegal}
    />
  );

  const dialogs = (
    <LoginDialogs
      legal={legal}
      forgotEmail={login.forgotEmail}
      onCloseLegal={() => setLegal(null)}
      onCloseForgot={() => login.setForgotEmail(null)}
    />
  );

  if (showsIntroOnly) return <IntroOnlyScreen onChoose={setMode}>{dialogs}</IntroOnlyScreen>;

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
        bgcolor: 'background.paper',
      }}
    >
      {isWide && <BrandAside />}
      <Box component="main" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <LoginTopBar
          onBack={mode !== INTRO && !resetToken ? () => setMode(INTRO) : null}
          isWide={isWide}
        />
        <CenteredPanel
          key={resetToken ? 'reset' : mode}
          animation={modeEnterAnimation(previousMode.current, mode)}
        >
          {panel}
        </CenteredPanel>
        <LegalFooter onShowLegal={setLegal} />
      </Box>
      {dialogs}
    </Box>
  );
}

interface LoginDialogsProps {
  legal: LegalDocument | null;
  forgotEmail: string | null;
  onCloseLegal: () => void;
  onCloseForgot: () => void;
}

/** The terms or privacy text, and the forgot-password dialog (with the e-mail typed so far). */
function LoginDialogs({ legal, forgotEmail, onCloseLegal, onCloseForgot }: LoginDialogsProps) {
  return (
    <>
      <LegalDialog document={legal} onClose={onCloseLegal} />
      <ForgotPasswordDialog
        open={forgotEmail !== null}
        initialEmail={forgotEmail ?? ''}
        onClose={onCloseForgot}
      />
    </>
  );
}
