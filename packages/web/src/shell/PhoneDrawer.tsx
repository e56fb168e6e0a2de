import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const APP_BAR_HEIGHT = 64;
/** Spec 9: the drawer opens by a swipe from the first 40 px of the screen edge. */
const DRAWER_SWIPE_PX = 40;

export interface PhoneDrawerProps {
  open: boolean;
  width: number;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone's navigation: a modal drawer that a swipe from the screen's edge opens. Its own
 * chunk, loaded after the first paint (the swipe and the modal machinery are a tenth of the
 * shell's code, and the menu button works before it arrives: the drawer opens once it has).
 */
export default function PhoneDrawer({ open, width, onOpen, onClose, children }: PhoneDrawerProps) {
  const { t } = useTranslation();
  return (
    <SwipeableDrawer
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      swipeAreaWidth={DRAWER_SWIPE_PX}
      disableBackdropTransition
      slotProps={{
        // The drawer opens as a modal dialog: a screen reader says its name as focus enters.
        paper: {
          'aria-label': t('nav.mainMenu'),
          sx: { width, maxWidth: '85vw' },
        },
        // The edge strip starts under the app bar so it never covers the menu button.
        swipeArea: { style: { top: APP_BAR_HEIGHT } },
      }}
    >
      {children}
    </SwipeableDrawer>
  );
}
