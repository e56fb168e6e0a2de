import AddIcon from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { useTranslation } from 'react-i18next';
import { SpeedDialMenu } from '../lazy-parts';
import type { AgendaSpeedDialProps } from './SpeedDialMenu';

/**
 * On a wide screen the button sits in the control bar's row, beside the bar, so it covers no
 * block; on a phone the row has no room and it floats above the bar, and the views leave
 * FAB_CLEARANCE_PX at their end for every block to scroll out from under it.
 */
export const SPEED_DIAL_POSITION = {
  position: 'fixed',
  right: { xs: 16, sm: 28 },
  bottom: { xs: 96, sm: 20 },
  zIndex: 7,
} as const;

/** From the screen's bottom edge to just above the phone's floating button (96 + 56 + 8). */
export const FAB_CLEARANCE_PX = 160;

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
