import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../components/Logo';
import type { LoginMode } from './mode-transition';

interface GetStartedProps {
  onChoose: (mode: LoginMode) => void;
  /** The phone intro shows only the two buttons, on the brand background. */
  onDark?: boolean;
}

/** The intro mode's way out: sign up (1) or log in (0). */
export function GetStarted({ onChoose, onDark = false }: GetStartedProps) {
  const { t } = useTranslation();
  const buttons = (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Button
        variant="contained"
        size="large"
        onClick={() => onChoose(1)}
        sx={
          onDark
            ? { bgcolor: 'common.white', color: 'primary.main', '&:hover': { bgcolor: '#eef0ff' } }
            : undefined
        }
      >
        {t('login.signUp.submit')}
      </Button>
      <Button
        variant="outlined"
        size="large"
        onClick={() => onChoose(0)}
        sx={
          onDark
            ? {
                color: 'common.white',
                borderColor: 'rgba(255,255,255,0.6)',
                '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255,255,255,0.08)' },
              }
            : undefined
        }
      >
        {t('login.logIn.submit')}
      </Button>
    </Box>
  );
  if (onDark) return buttons;
  return (
    <Box>
      <LogoMark size={56} />
      <Typography variant="h4" component="h1" sx={{ mt: 3, mb: 1.5 }}>
        {t('login.getStarted.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.05rem' }}>
        {t('login.getStarted.text')}
      </Typography>
      {buttons}
    </Box>
  );
}
