import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createSession, createSmsVerifyCode, createUser } from './login-api';
import { localeOf } from '../i18n/i18n';
import { useSignInErrorText } from './sign-in-error';
import { SOCIAL_NAMESPACE, signUpOptions } from './social-sign-in';

/** The calling code a person reading this language most likely has; they can change it. */
const CALLING_CODE_BY_LOCALE: Record<string, string> = {
  de: '49',
  en: '1',
  es: '34',
  fr: '33',
  it: '39',
  pt: '351',
  ru: '7',
  ja: '81',
  ko: '82',
  zh_cn: '86',
};

interface PhoneSignInFormProps {
  isSignUp: boolean;
  onSignedIn: (token: string) => void;
  onBack: () => void;
}

/** Phone sign-in: the number, then the 6-digit code sent to it by SMS (10 minutes, once). */
export function PhoneSignInForm({ isSignUp, onSignedIn, onBack }: PhoneSignInFormProps) {
  const { t, i18n } = useTranslation(SOCIAL_NAMESPACE);
  const explain = useSignInErrorText();
  const [countryCallingCode, setCountryCallingCode] = useState(
    () => CALLING_CODE_BY_LOCALE[localeOf(i18n.language)] ?? '1',
  );
  const [phoneNumber, setPhoneNumber] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: () => createSmsVerifyCode({ countryCallingCode, phoneNumber, purpose: 'signIn' }),
    onSuccess: () => {
      setSentTo(`+${countryCallingCode} ${phoneNumber}`);
      setVerifyCode('');
    },
    meta: { handlesErrors: true },
  });
  const signIn = useMutation({
    mutationFn: async () => {
      const credentials = { countryCallingCode, phoneNumber, verifyCode, options: signUpOptions() };
      const answer = isSignUp ? await createUser(credentials) : await createSession(credentials);
      return answer.authToken;
    },
    onSuccess: (token) => onSignedIn(token),
    meta: { handlesErrors: true },
  });
  const failed = sentTo ? (signIn.error ?? sendCode.error) : sendCode.error;
  const problem = failed ? explain(failed) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sentTo) signIn.mutate();
    else sendCode.mutate();
  };
  const busy = sendCode.isPending || signIn.isPending;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="phone-title">
      <Typography id="phone-title" variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('phoneForm.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {sentTo ? t('phoneForm.codeSent', { number: sentTo }) : t('phoneForm.subtitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {!sentTo && (
          <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', gap: 1.5 }}>
            <TextField
              id="phone-country-code"
              label={t('phoneForm.countryCode')}
              value={countryCallingCode}
              onChange={(e) => setCountryCallingCode(e.target.value.replace(/\D/g, '').slice(0, 3))}
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
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value.slice(0, 40))}
              autoComplete="tel-national"
              autoFocus
            />
          </Box>
        )}
        {sentTo && (
          <TextField
            id="phone-code"
            label={t('phoneForm.code')}
            value={verifyCode}
            onChange={(e) => setVerifyCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
        )}
        {problem && (
          <Alert severity="error" role="alert" data-testid="phone-error">
            {problem.text}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || (sentTo !== null && verifyCode.length !== 6)}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {sentTo ? t('phoneForm.submit') : t('phoneForm.sendCode')}
        </Button>
        {sentTo && (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => {
                setSentTo(null);
                signIn.reset();
              }}
            >
              {t('phoneForm.changeNumber')}
            </Link>
            <Link
              component="button"
              type="button"
              variant="body2"
              disabled={busy}
              onClick={() => {
                signIn.reset();
                sendCode.mutate();
              }}
            >
              {t('phoneForm.resend')}
            </Link>
          </Box>
        )}
      </Box>
      <Typography sx={{ mt: 4, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onBack} sx={{ fontWeight: 600 }}>
          {t('phoneForm.useEmail')}
        </Link>
      </Typography>
    </Box>
  );
}
