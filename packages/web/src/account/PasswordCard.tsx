import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { CardFrame } from '../components/CardFrame';
import { PasswordStrengthMeter } from '../login/PasswordStrengthMeter';
import { errorKey, keyText, SECURITY_NS, securityErrorText } from './security-text';
import { FIELD_OF_ERROR, usePasswordForm, type PasswordField } from './use-password-form';

type PasswordForm = ReturnType<typeof usePasswordForm>;

/**
 * Set or change the password (SetPassword): the current one when the account has one, the new
 * one twice with the sign-up strength meter. Every other device is signed out on success.
 */
export function PasswordCard() {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const user = useProfile().data?.user;
  const form = usePasswordForm(user?.hasPassword);
  if (!user) return <Skeleton variant="rounded" height={240} />;

  const needsOld = user.hasPassword;
  const { error, isPending } = form.save;
  const otherError =
    error && !FIELD_OF_ERROR[errorKey(error)] ? securityErrorText(error, t, i18n) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit(needsOld);
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
        {needsOld && <PasswordInput form={form} field="old" id="account-old-password" isCurrent />}
        <PasswordInput form={form} field="new" id="account-new-password" />
        <PasswordStrengthMeter password={form.fields.new} />
        <PasswordInput form={form} field="confirm" id="account-confirm-password" />
        {otherError && <Alert severity="error">{otherError}</Alert>}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={isPending}>
            {needsOld ? t('password.change') : t('password.set')}
          </Button>
        </Box>
      </Box>
    </CardFrame>
  );
}

/** One of the three password fields, its problem under it. */
function PasswordInput({
  form,
  field,
  id,
  isCurrent = false,
}: {
  form: PasswordForm;
  field: PasswordField;
  id: string;
  isCurrent?: boolean;
}) {
  const { t, i18n } = useTranslation(SECURITY_NS);
  const { problem } = form;
  return (
    <TextField
      id={id}
      label={t(`password.${field}`)}
      type="password"
      autoComplete={isCurrent ? 'current-password' : 'new-password'}
      value={form.fields[field]}
      onChange={(event) => form.update(field, event.target.value)}
      error={problem?.[0] === field}
      helperText={problem?.[0] === field ? keyText(t, i18n, problem[1]) : undefined}
    />
  );
}
