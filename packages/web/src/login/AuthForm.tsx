import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LegalDocument } from '../components/LegalDialog';
import type { AuthMode } from './auth-form-state';
import { AuthCredentialFields } from './AuthCredentialFields';
import { PhoneSignInForm } from './PhoneSignInForm';
import { SocialSignInButtons } from './SocialSignInButtons';
import { useAuthForm } from './use-auth-form';

interface AuthFormProps {
  mode: AuthMode;
  /** The e-mail typed in the other mode's form, to start with. */
  email: string;
  /** Switches to `mode`, handing over the e-mail typed here. */
  onModeChange: (mode: AuthMode, email: string) => void;
  /** Called with the new session token. */
  onSignedIn: (token: string) => void;
  onForgotPassword: (email: string) => void;
  onShowLegal: (document: LegalDocument) => void;
}

/** Log-in (mode 0) and sign-up (mode 1) with the spec's validation and message keys. */
export function AuthForm(props: AuthFormProps) {
  const { mode, email, onModeChange, onSignedIn, onForgotPassword, onShowLegal } = props;
  const { t } = useTranslation();
  const form = useAuthForm(mode, email, onModeChange, onSignedIn);
  const [withPhone, setWithPhone] = useState(false);
  const { isSignUp, submit, serverError } = form;
  const prefix = isSignUp ? 'login.signUp' : 'login.logIn';

  if (withPhone) {
    return (
      <PhoneSignInForm
        isSignUp={isSignUp}
        onSignedIn={onSignedIn}
        onBack={() => setWithPhone(false)}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.onSubmit} aria-labelledby="auth-title">
      <Typography id="auth-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {t(`${prefix}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t(`${prefix}.subtitle`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <AuthCredentialFields form={form} onForgotPassword={onForgotPassword} />
        {serverError && (
          <Alert severity="error" role="alert" data-testid="auth-error">
            {isSignUp && serverError.key === 'invalid.emailTaken' ? (
              <EmailTaken onLogIn={form.switchMode} />
            ) : (
              t(serverError.key, serverError.values)
            )}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submit.isPending}
          startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t(`${prefix}.submit`)}
        </Button>
        <SocialSignInButtons
          isSignUp={isSignUp}
          onSignedIn={onSignedIn}
          onPhone={() => setWithPhone(true)}
        />
        {isSignUp && <SignUpAgreement onShowLegal={onShowLegal} />}
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }} color="text.secondary">
        {t(`${prefix}.switchPrompt`)}{' '}
        <Link component="button" type="button" onClick={form.switchMode} sx={{ fontWeight: 600 }}>
          {t(`${prefix}.switchAction`)}
        </Link>
      </Typography>
    </Box>
  );
}

/** Sign-up found the address taken: log in instead, with the address already typed there. */
function EmailTaken({ onLogIn }: { onLogIn: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {t('login.signUp.emailTaken')}{' '}
      <Link
        component="button"
        type="button"
        color="inherit"
        onClick={onLogIn}
        sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
      >
        {t('login.signUp.logInInstead')}
      </Link>
    </>
  );
}

/** "By signing up you agree to the terms and the privacy policy", each a link to its dialog. */
function SignUpAgreement({ onShowLegal }: { onShowLegal: (document: LegalDocument) => void }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      <Trans
        i18nKey="login.signUp.agreement"
        components={{
          terms: <LegalLink onClick={() => onShowLegal('terms')} />,
          privacy: <LegalLink onClick={() => onShowLegal('privacy')} />,
        }}
      />
    </Typography>
  );
}

function LegalLink({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <Link component="button" type="button" onClick={onClick} sx={{ verticalAlign: 'baseline' }}>
      {children}
    </Link>
  );
}
