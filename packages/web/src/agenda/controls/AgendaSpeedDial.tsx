import AddIcon from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';
import { SpeedDialMenu } from '../lazy-parts';
import type { AgendaSpeedDialProps } from './SpeedDialMenu';

export const SPEED_DIAL_POSITION = {
  position: 'fixed',
  right: { xs: 16, sm: 28 },
  bottom: { xs: 96, sm: 112 },
  zIndex: 7,
} as const;

/**
 * The creation button. Its three actions (reminder, event, task) load with the first open, so
 * the agenda's first paint carries only the button.
 */
export function AgendaSpeedDial({ open, onOpenChange }: AgendaSpeedDialProps) {
  const { t } = useTranslation('agenda');
  if (open) return <SpeedDialMenu open onOpenChange={onOpenChange} />;
  return (
    <Fab
      color="primary"
      aria-label={t('create.label')}
      aria-expanded={false}
      onClick={() => onOpenChange(true)}
      sx={SPEED_DIAL_POSITION}
      data-testid="speed-dial"
    >
      <AddIcon />
    </Fab>
  );
}
