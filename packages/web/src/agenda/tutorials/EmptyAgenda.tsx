import CloseIcon from '@mui/icons-material/Close';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fire } from '../data/action-errors';
import { newEventRoute, newTaskRoute } from '../routes';
import { finishTutorial } from '../../api/tutorials';

/**
 * The empty-agenda tutorial: nothing planned yet, and the two ways to start. Dismissed like the
 * other tutorials; the tips dialog shows it again.
 */
export function EmptyAgenda() {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  return (
    <Paper
      variant="outlined"
      data-testid="agenda-empty"
      sx={{
        borderRadius: 4,
        px: 3,
        // Compact on a phone: with the welcome tutorial above it, it must fit the first screen.
        py: { xs: 2.5, sm: 5 },
        mb: 3,
        textAlign: 'center',
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <IconButton
        aria-label={t('tutorials.dismiss')}
        onClick={() => void fire(finishTutorial('emptyAgenda'))}
        size="small"
        sx={{ position: 'absolute', top: 8, insetInlineEnd: 8, color: 'text.secondary' }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Box
        sx={{
          width: { xs: 52, sm: 80 },
          height: { xs: 52, sm: 80 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(74, 85, 224, 0.1)',
          color: 'primary.main',
          mb: { xs: 1.5, sm: 2.5 },
          boxShadow: '0 0 0 12px rgba(74, 85, 224, 0.05)',
        }}
      >
        <EventAvailableIcon sx={{ fontSize: { xs: 28, sm: 38 } }} />
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420, mb: 2.5 }}>
        {t('empty.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => navigate(newTaskRoute())}>
          {t('create.task')}
        </Button>
        <Button variant="outlined" onClick={() => navigate(newEventRoute())}>
          {t('create.event')}
        </Button>
      </Box>
    </Paper>
  );
}
