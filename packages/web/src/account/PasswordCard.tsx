import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { isPasswordStrongEnough } from '@planner/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setPassword } from './account-api';
import { profileQueryKey, useProfile } from '../api/profile';
import { showToast } from '../components/toast-store';
import { PasswordStrengthMeter } from '../login/PasswordStrengthMeter';
import { errorKey, keyText, SECURITY_NS, securityErrorText } from './security-text';
import { sessionsQueryKey } from './account-api';
import { CardFrame } from '../components/CardFrame';

type Field = 'old' | 'new' | 'confirm';
const EMPTY: Record<Field, string> = { old: '', new: '', confirm: '' };

/** Which field a server answer is about; others show above the button. */
const FIELD_OF_ERROR: Readonly<Record<string, Field>> = {
  'invalid.wrongPassword': 'old',
  'invalid.enterPassword': 'old',
  'invalid.passwordTooWeak': 'new',
};

/** The first problem with the form, checked before anything is sent. */
function problemOf(fields: Record<Field, string>, needsOld: boolean): [Field, string] | null {
  if (needsOld && fields.old === '') return ['old', 'invalid.enterPassword'];
  if (fields.new === '') return ['new', 'invalid.enterPassword'];
  if (!isPasswordStrongEnough(fields.new)) return ['new', 'invalid.passwordTooWeak'];
  if (fields.confirm !== fields.new) return ['confirm', 'invalid.passwordMismatch'];
  return null;
}

/**
 * Set or change the password (SetPassword): the current one when the account has one, the new
 * one twice with the sign-up strength meter. Every other device is signed out on success.
 */
export function PasswordCard() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const queryClient = useQueryClient();
  const user = useProfile().data?.user;
  const [fields, setFields] = useState(EMPTY);
  const [problem, setProblem] = useState<[Field, string] | null>(null);

  const save = useMutation({
    mutationFn: setPassword,
    onSuccess: async () => {
      const hadPassword = user?.hasPassword ?? true;
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

  if (!user) return <Skeleton variant="rounded" height={240} />;

  const needsOld = user.hasPassword;
  const otherError =
    save.error && !FIELD_OF_ERROR[errorKey(save.error)]
      ? securityErrorText(save.error, t, i18n)
      : null;

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
    if (problem?.[0] === field) setProblem(null);
  };
  const errorFor = (field: Field) =>
    problem?.[0] === field ? keyText(t, i18n, problem[1]) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(fields, needsOld);
    setProblem(found);
    if (found) return;
    save.mutate({ oldPassword: needsOld ? fields.old : '', newPassword: fields.new });
  };

  return (
    <CardFrame
      title={t('password.title')}
      titleId="account-password-title"
      text={needsOld ? t('password.textChange') : t('password.textSet')}
      textGap={2.5}
      testId="account-password-card"
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user.email}
          readOnly
          hidden
        />
        {needsOld && (
          <TextField
            id="account-old-password"
            label={t('password.old')}
            type="password"
            autoComplete="current-password"
            value={fields.old}
            onChange={update('old')}
            error={problem?.[0] === 'old'}
            helperText={errorFor('old')}
          />
        )}
        <TextField
          id="account-new-password"
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          value={fields.new}
          onChange={update('new')}
          error={problem?.[0] === 'new'}
          helperText={errorFor('new')}
        />
        <PasswordStrengthMeter password={fields.new} />
        <TextField
          id="account-confirm-password"
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          value={fields.confirm}
          onChange={update('confirm')}
          error={problem?.[0] === 'confirm'}
          helperText={errorFor('confirm')}
        />
        {otherError && <Alert severity="error">{otherError}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {needsOld ? t('password.change') : t('password.set')}
          </Button>
        </Box>
      </Box>
    </CardFrame>
  );
}
