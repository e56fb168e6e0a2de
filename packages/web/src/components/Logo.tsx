import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface LogoMarkProps {
  size?: number;
  /** White tile with a coloured mark, for the brand-coloured background. */
  inverted?: boolean;
}

/** The app mark: a day column with a block fitted into it. */
export function LogoMark({ size = 32, inverted = false }: LogoMarkProps) {
  const tile = inverted ? '#ffffff' : 'url(#planner-logo-gradient)';
  const mark = inverted ? '#4a55e0' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="planner-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6b74f5" />
          <stop offset="1" stopColor="#3a44c9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={tile} />
      <rect x="8" y="7.5" width="16" height="3" rx="1.5" fill={mark} opacity="0.55" />
      <rect x="8" y="13" width="16" height="7" rx="2.5" fill={mark} />
      <rect x="8" y="22.5" width="10" height="3" rx="1.5" fill={mark} opacity="0.55" />
    </svg>
  );
}

interface LogoProps extends LogoMarkProps {
  color?: string;
}

export function Logo({ size = 32, inverted = false, color = 'text.primary' }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} inverted={inverted} />
      <Typography
        component="span"
        sx={{ fontWeight: 750, fontSize: size * 0.62, letterSpacing: '-0.02em', color }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
