import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../i18n/i18n';
import { createSession, createSmsVerifyCode, createUser } from './login-api';
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

/**
 * Phone sign-in's two steps: send the code to the number, then sign in (or up) with it. The
 * problem shown is the last step's failure.
 */
export function usePhoneSignIn(isSignUp: boolean, onSignedIn: (token: string) => void) {
  const { i18n } = useTranslation(SOCIAL_NAMESPACE);
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

  return {
    countryCallingCode,
    setCountryCallingCode,
    phoneNumber,
    setPhoneNumber,
    verifyCode,
    setVerifyCode,
    sentTo,
    problem: failed ? explain(failed) : null,
    isBusy: sendCode.isPending || signIn.isPending,
    submit: () => (sentTo ? signIn.mutate() : sendCode.mutate()),
    changeNumber: () => {
      setSentTo(null);
      signIn.reset();
    },
    resend: () => {
      signIn.reset();
      sendCode.mutate();
    },
  };
}
