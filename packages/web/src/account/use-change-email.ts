import { isValidEmail, normalizeEmail } from '@planner/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setEmail } from './account-api';
import { keyText, SECURITY_NS, securityErrorText } from './security-text';

export type SetEmailAnswers = Awaited<ReturnType<typeof setEmail>>;

/**
 * The change-e-mail form's state (SetEmail): the new address and when it shows as invalid, the
 * current password (asked when the account has one: whoever holds the session must also know it
 * to move the account's address), and the change itself.
 */
export function useChangeEmail(
  currentEmail: string,
  needsPassword: boolean,
  onChanged: (answers: SetEmailAnswers) => void,
) {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const [draft, setDraft] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const [password, setPassword] = useState('');
  const [showNoPassword, setShowNoPassword] = useState(false);
  const change = useMutation({
    mutationFn: setEmail,
    onSuccess: onChanged,
    meta: { handlesErrors: true },
  });

  const invalid = !isValidEmail(draft);
  const same = !invalid && normalizeEmail(draft) === currentEmail;
  const fieldError =
    showInvalid && invalid
      ? keyText(t, i18n, 'invalid.enterEmail')
      : same
        ? t('email.sameEmail')
        : null;

  return {
    draft,
    password,
    same,
    fieldError,
    showNoPassword,
    changeError: change.error ? securityErrorText(change.error, t, i18n) : null,
    isPending: change.isPending,
    typeEmail(value: string) {
      setDraft(value);
      if (showInvalid && isValidEmail(value)) setShowInvalid(false);
      if (change.error) change.reset();
    },
    leaveEmail: () => setShowInvalid(draft.trim() !== ''),
    typePassword(value: string) {
      setPassword(value);
      setShowNoPassword(false);
      if (change.error) change.reset();
    },
    submit(event: FormEvent) {
      event.preventDefault();
      if (invalid) {
        setShowInvalid(true);
        return;
      }
      if (needsPassword && password === '') {
        setShowNoPassword(true);
        return;
      }
      if (!same) change.mutate({ email: draft, password: needsPassword ? password : '' });
    },
  };
}
