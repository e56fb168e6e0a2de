import AddIcon from '@mui/icons-material/Add';
import Fab from '@mui/material/Fab';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeedDialMenu } from '../lazy-parts';
import type { AgendaSpeedDialProps } from './SpeedDialMenu';

/** How far the control bar floats above the screen's bottom edge. */
export const BAR_BOTTOM = { xs: 8, sm: 16 } as const;

/** The phone's add button: in the control bar's lower row, right of the playback buttons. */
export const PHONE_FAB_PX = 48;

/**
 * The add button never floats over the plan. On a wide screen it sits right of the control bar,
 * in the bar's row; on a phone the bar has two rows (the title over the buttons) and the add
 * button sits at the right end of the lower row, inside the bar (ControlBar leaves it room).
 */
export const SPEED_DIAL_POSITION = {
  position: 'fixed',
  right: { xs: 16, sm: 28 },
  bottom: { xs: BAR_BOTTOM.xs + 8, sm: 20 },
  zIndex: 7,
} as const;

/** The button's size; the open dial's own button gets it too (SpeedDialMenu). */
export const FAB_SIZE = {
  width: { xs: PHONE_FAB_PX, sm: 56 },
  height: { xs: PHONE_FAB_PX, sm: 56 },
} as const;

/**
 * From the screen's bottom edge to a little above the control bar (the phone's has two rows):
 * what must stay below a card that is to be read whole, such as the help cards.
 */
export const BAR_SPACE_PX = { xs: 132, sm: 96 } as const;

/**
 * What a phone's views leave free after their last block or hour, so it can scroll above the
 * control bar and the add button in it: the two-row bar with a two-line title, and its gap.
 */
export const FAB_CLEARANCE_PX = 176;

/**
 * The creation button. Its three actions (reminder, event, task) load with the first open, so
 * the agenda's first paint carries only the button.
 *
 * The closed button and the open dial are two elements, so the keyboard's focus is handed from
 * one to the other (WCAG 2.4.3): a focused element taken out of the page leaves the focus on the
 * page's start. Opened from the keyboard, the dial's own button takes the focus, and the arrow keys
 * reach its actions; closed while the focus is in it (Escape), the closed button takes it back. A
 * click or a tap opens it as ever, the focus left where the pointer put it.
 */
export function AgendaSpeedDial({ open, onOpenChange }: AgendaSpeedDialProps) {
  const { t } = useTranslation('agenda');
  const button = useRef<HTMLButtonElement>(null);
  const [focusGoesTo, setFocusGoesTo] = useState<'dial' | 'button' | null>(null);
  useEffect(() => {
    if (!open && focusGoesTo === 'button') button.current?.focus();
  }, [open, focusGoesTo]);
  if (open)
    return (
      <SpeedDialMenu
        takesFocus={focusGoesTo === 'dial'}
        onClose={(hadFocus) => {
          setFocusGoesTo(hadFocus ? 'button' : null);
          onOpenChange(false);
        }}
      />
    );
  return (
    <Fab
      ref={button}
      color="primary"
      aria-label={t('create.label')}
      aria-expanded={false}
      onClick={(event) => {
        // A click the keyboard made (Enter, Space, a screen reader's activation) has no detail.
        setFocusGoesTo(event.detail === 0 ? 'dial' : null);
        onOpenChange(true);
      }}
      sx={{ ...SPEED_DIAL_POSITION, ...FAB_SIZE }}
      data-testid="speed-dial"
    >
      <AddIcon />
    </Fab>
  );
}
