import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCIAL_NAMESPACE } from './social-sign-in';
import { usePhoneSignIn } from './use-phone-sign-in';

interface PhoneSignInFormProps {
  isSignUp: boolean;
  onSignedIn: (token: string) => void;
  onBack: () => void;
}

type PhoneSignIn = ReturnType<typeof usePhoneSignIn>;

/** Phone sign-in: the number, then the 6-digit code sent to it by SMS (10 minutes, once). */
export function PhoneSignInForm({ isSignUp, onSignedIn, onBack }: PhoneSignInFormProps) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  const phone = usePhoneSignIn(isSignUp, onSignedIn);
  const { sentTo, isBusy, problem } = phone;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    phone.submit();
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-title">
      <Typography id="phone-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('phoneForm.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {sentTo ? t('phoneForm.codeSent', { number: sentTo }) : t('phoneForm.subtitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {sentTo ? <VerifyCodeField phone={phone} /> : <PhoneNumberFields phone={phone} />}
        {problem && (
          <Alert severity="error" role="alert" data-testid="phone-error">
            {problem.text}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isBusy || (sentTo !== null && phone.verifyCode.length !== 6)}
          startIcon={isBusy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {sentTo ? t('phoneForm.submit') : t('phoneForm.sendCode')}
        </Button>
        {sentTo && <CodeSentLinks phone={phone} />}
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onBack} sx={{ fontWeight: 600 }}>
          {t('phoneForm.useEmail')}
        </Link>
      </Typography>
    </Box>
  );
}

/** The calling code (digits, at most 3) and the number. */
function PhoneNumberFields({ phone }: { phone: PhoneSignIn }) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', gap: 1.5 }}>
      <TextField
        id="phone-country-code"
        label={t('phoneForm.countryCode')}
        value={phone.countryCallingCode}
        onChange={(e) => phone.setCountryCallingCode(e.target.value.replace(/\D/g, '').slice(0, 3))}
        inputMode="numeric"
        autoComplete="tel-country-code"
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">+</InputAdornment> },
        }}
      />
      <TextField
        id="phone-number"
        label={t('phoneForm.number')}
        type="tel"
        value={phone.phoneNumber}
        onChange={(e) => phone.setPhoneNumber(e.target.value.slice(0, 40))}
        autoComplete="tel-national"
        autoFocus
      />
    </Box>
  );
}

/** The 6-digit code from the SMS. */
function VerifyCodeField({ phone }: { phone: PhoneSignIn }) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  return (
    <TextField
      id="phone-code"
      label={t('phoneForm.code')}
      value={phone.verifyCode}
      onChange={(e) => phone.setVerifyCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
    />
  );
}

/** Once the code is sent: back to the number, or send the code again. */
function CodeSentLinks({ phone }: { phone: PhoneSignIn }) {
  const { t } = useTranslation(SOCIAL_NAMESPACE);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Link component="button" type="button" variant="body2" onClick={phone.changeNumber}>
        {t('phoneForm.changeNumber')}
      </Link>
      <Link
        component="button"
        type="button"
        variant="body2"
        disabled={phone.isBusy}
        onClick={phone.resend}
      >
        {t('phoneForm.resend')}
      </Link>
    </Box>
  );
}
