import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAccountLocale } from './account-locale';
import { NavDrawerContent } from './NavDrawerContent';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { NAV_ITEMS } from './nav-items';
import { useDesktopLayout } from './use-desktop-layout';
import { UserMenu } from './UserMenu';
import { PushRegistration } from '../push/PushRegistration';
// The agenda's live updates are in its first load already: imported, not loaded later.
import { onPush } from '../agenda/data/live-updates';
import { CalendarSyncPrompt } from '../calendar-sync/CalendarSyncPrompt';

// Only a debugEnabled account ever opens it: its code and strings load on first use.
const DebugMenu = lazy(() => import('../developer/DebugMenu'));

export const DRAWER_WIDTH = 280;
const APP_BAR_HEIGHT = 64;
/** Spec 9: the drawer opens by a swipe from the first 40 px of the screen edge. */
const DRAWER_SWIPE_PX = 40;

function useScreenTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = NAV_ITEMS.find((entry) => entry.to !== null && pathname.startsWith(entry.to));
  return item ? t(`nav.${item.id}`) : t('app.name');
}

/** App bar and drawer: permanent on desktop, a swipeable overlay on a phone. */
export default function AppShell() {
  const { t } = useTranslation();
  const isDesktop = useDesktopLayout();
  const [isOpen, setOpen] = useState(false);
  const [isDebugOpen, setDebugOpen] = useState(false);
  const title = useScreenTitle();
  useAccountLocale();
  const close = () => setOpen(false);
  const drawer = <NavDrawerContent onNavigate={close} onOpenDebugMenu={() => setDebugOpen(true)} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      <PushRegistration onRefresh={onPush} />
      <CalendarSyncPrompt />
      <AppBar
        position="fixed"
        sx={{
          // Opaque: the theme's frosted bar let scrolled agenda text show through on phones.
          bgcolor: 'background.paper',
          backdropFilter: 'none',
          width: isDesktop ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
          ml: isDesktop ? `${DRAWER_WIDTH}px` : 0,
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!isDesktop && (
            <IconButton edge="start" aria-label={t('nav.openMenu')} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          <UserMenu />
        </Toolbar>
      </AppBar>
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
      ) : (
        <SwipeableDrawer
          open={isOpen}
          onOpen={() => setOpen(true)}
          onClose={close}
          swipeAreaWidth={DRAWER_SWIPE_PX}
          disableBackdropTransition
          slotProps={{
            // The drawer opens as a modal dialog: a screen reader says its name as focus enters.
            paper: {
              'aria-label': t('nav.mainMenu'),
              sx: { width: DRAWER_WIDTH, maxWidth: '85vw' },
            },
            // The edge strip starts under the app bar so it never covers the menu button.
            swipeArea: { style: { top: APP_BAR_HEIGHT } },
          }}
        >
          {drawer}
        </SwipeableDrawer>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        <Toolbar />
        <Outlet />
      </Box>
      {isDebugOpen && (
        <Suspense fallback={null}>
          <DebugMenu open onClose={() => setDebugOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
