import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TutorialCardProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onDismiss: () => void;
  testId?: string;
}

/** Tutorials sit in the agenda as cards, so they never block the screen they explain. */
export function TutorialCard({ title, children, actions, onDismiss, testId }: TutorialCardProps) {
  const { t } = useTranslation('agenda');
  return (
    <Paper
      component="aside"
      aria-label={title}
      data-testid={testId}
      elevation={0}
      sx={{
        position: 'relative',
        p: { xs: 2, sm: 2.5 },
        mb: 3,
        borderRadius: 4,
        color: '#fff',
        background: 'linear-gradient(135deg, #4a55e0 0%, #6a4fd8 55%, #8a4fc8 100%)',
        boxShadow: '0 12px 30px rgba(74, 85, 224, 0.25)',
      }}
    >
      <IconButton
        aria-label={t('tutorials.dismiss')}
        onClick={onDismiss}
        size="small"
        sx={{ position: 'absolute', top: 8, insetInlineEnd: 8, color: 'rgba(255,255,255,0.85)' }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ pr: 4, mb: 0.75 }}>
        {title}
      </Typography>
      <Box sx={{ color: 'rgba(255,255,255,0.9)', fontSize: 15, lineHeight: 1.55 }}>{children}</Box>
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
        </Box>
      )}
    </Paper>
  );
}
