import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { keyText, SECURITY_NS } from './security-text';
import { useChangeEmail, type SetEmailAnswers } from './use-change-email';

interface ChangeEmailFormProps {
  currentEmail: string;
  needsPassword: boolean;
  onChanged: (answers: SetEmailAnswers) => void;
  onCancel: () => void;
}

/** The e-mail card's form: the new address and, when the account has one, the password. */
export function ChangeEmailForm(props: ChangeEmailFormProps) {
  const { currentEmail, needsPassword, onChanged, onCancel } = props;
  const { t, i18n } = useTranslation(SECURITY_NS);
  const form = useChangeEmail(currentEmail, needsPassword, onChanged);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.submit}
      sx={{ mt: 2.5, display: 'grid', gap: 1.5 }}
    >
      <TextField
        id="account-new-email"
        label={t('email.newEmail')}
        type="email"
        autoComplete="email"
        autoFocus
        value={form.draft}
        onChange={(event) => form.typeEmail(event.target.value)}
        onBlur={form.leaveEmail}
        error={form.fieldError !== null && !form.same}
        helperText={form.fieldError ?? t('email.newEmailHint')}
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      {needsPassword && (
        <TextField
          id="account-email-password"
          label={t('email.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(event) => form.typePassword(event.target.value)}
          error={form.showNoPassword}
          helperText={
            form.showNoPassword
              ? keyText(t, i18n, 'invalid.enterPassword')
              : t('email.currentPasswordHint')
          }
          slotProps={{ htmlInput: { maxLength: 128 } }}
        />
      )}
      {form.changeError && <Alert severity="error">{form.changeError}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel}>{t('email.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.isPending || form.same}>
          {t('email.save')}
        </Button>
      </Box>
    </Box>
  );
}
