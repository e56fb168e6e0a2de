import { passwordStrength, passwordStrengthLabel, type PasswordStrengthLabel } from '@planner/core';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PasswordStrengthLabel, 'error' | 'warning' | 'success'> = {
  weak: 'error',
  good: 'warning',
  strong: 'success',
};

interface PasswordStrengthMeterProps {
  password: string;
  id?: string;
}

/** The same score the server checks (core's passwordStrength), drawn as a bar with its label. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const label = passwordStrengthLabel(score);
  const isEmpty = password.length === 0;

  return (
    <Box id={id} sx={{ mt: -0.5 }}>
      <LinearProgress
        variant="determinate"
        value={isEmpty ? 0 : Math.max(score, 6)}
        color={COLOR[label]}
        aria-label={t('login.strength.label')}
        aria-valuetext={isEmpty ? undefined : t(`login.strength.${label}`)}
        sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover' }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.75, gap: 2 }}>
        <Typography variant="caption" color="text.secondary">
          {t('login.strength.hint')}
        </Typography>
        {!isEmpty && (
          <Typography
            variant="caption"
            sx={{ fontWeight: 700, color: `${COLOR[label]}.main`, whiteSpace: 'nowrap' }}
            data-testid="password-strength"
            data-score={score}
          >
            {t(`login.strength.${label}`)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
