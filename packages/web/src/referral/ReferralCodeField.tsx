import TextField from '@mui/material/TextField';
import { normalizeReferralCode, REFERRAL_CODE_LENGTH } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { REFERRAL_NS } from './referral-text';

interface ReferralCodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** The server said no (invalid.referral). */
  invalid: boolean;
}

/** The sign-up form's optional referral code: uppercased, trimmed, six characters at most. */
export function ReferralCodeField({ id, value, onChange, invalid }: ReferralCodeFieldProps) {
  // Its strings load on their own: the form does not wait for them (the field appears once ready).
  const { t, ready } = useTranslation(REFERRAL_NS, { useSuspense: false });
  if (!ready) return null;
  return (
    <TextField
      id={id}
      label={t('signUp.label')}
      value={value}
      onChange={(event) => onChange(normalizeReferralCode(event.target.value))}
      error={invalid}
      helperText={invalid ? t('errors.invalid.referral') : undefined}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: REFERRAL_CODE_LENGTH, autoCapitalize: 'characters' } }}
    />
  );
}
