import { isPasswordStrongEnough } from '@planner/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { profileQueryKey } from '../api/profile';
import { showToast } from '../components/toast-store';
import { sessionsQueryKey, setPassword } from './account-api';
import { errorKey, SECURITY_NS } from './security-text';

export type PasswordField = 'old' | 'new' | 'confirm';
const EMPTY: Record<PasswordField, string> = { old: '', new: '', confirm: '' };

/** Which field a server answer is about; others show above the button. */
export const FIELD_OF_ERROR: Readonly<Record<string, PasswordField>> = {
  'invalid.wrongPassword': 'old',
  'invalid.enterPassword': 'old',
  'invalid.passwordTooWeak': 'new',
};

/** The first problem with the form, checked before anything is sent. */
function problemOf(
  fields: Record<PasswordField, string>,
  needsOld: boolean,
): [PasswordField, string] | null {
  if (needsOld && fields.old === '') return ['old', 'invalid.enterPassword'];
  if (fields.new === '') return ['new', 'invalid.enterPassword'];
  if (!isPasswordStrongEnough(fields.new)) return ['new', 'invalid.passwordTooWeak'];
  if (fields.confirm !== fields.new) return ['confirm', 'invalid.passwordMismatch'];
  return null;
}

/**
 * The password form's fields, the problem shown under one of them, and saving (SetPassword):
 * on success the form empties, a toast says so and the profile and sessions are read again.
 */
export function usePasswordForm(hasPassword: boolean | undefined) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const [problem, setProblem] = useState<[PasswordField, string] | null>(null);

  const save = useMutation({
    mutationFn: setPassword,
    onSuccess: async () => {
      const hadPassword = hasPassword ?? true;
      setFields(EMPTY);
      setProblem(null);
      showToast({
        key: `${SECURITY_NS}:${hadPassword ? 'password.changed' : 'password.setDone'}`,
        severity: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      ]);
    },
    onError: (error) => {
      const field = FIELD_OF_ERROR[errorKey(error)];
      if (field) setProblem([field, errorKey(error)]);
    },
    meta: { handlesErrors: true },
  });

  return {
    fields,
    problem,
    save,
    update: (field: PasswordField, value: string) => {
      setFields((current) => ({ ...current, [field]: value }));
      if (problem?.[0] === field) setProblem(null);
    },
    submit: (needsOld: boolean) => {
      const found = problemOf(fields, needsOld);
      setProblem(found);
      if (found) return;
      save.mutate({ oldPassword: needsOld ? fields.old : '', newPassword: fields.new });
    },
  };
}
