import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAccountLocale } from './account-locale';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { NAV_ITEMS } from './nav-items';
import { NavDrawer } from './nav-drawer-part';
import { useDesktopLayout } from './use-desktop-layout';
import { UserMenu } from './UserMenu';
import { PushRegistration } from '../push/PushRegistration';
// The agenda's live updates are in its first load already: imported, not loaded later.
import { onPush } from '../agenda/data/live-updates';
import { CalendarSyncPrompt } from '../calendar-sync/CalendarSyncPrompt';

// Only a debugEnabled account ever opens it: its code and strings load on first use.
const DebugMenu = lazy(() => import('../developer/DebugMenu'));
// The drawer and its body arrive together: it never opens empty.
const PhoneDrawer = lazy(() =>
  Promise.all([import('./PhoneDrawer'), NavDrawer.preload()]).then(([drawer]) => drawer),
);
/** How long nothing is fetched before the phone's drawer code loads by itself. */
const DRAWER_LOAD_DELAY_MS = 2000;

export const DRAWER_WIDTH = 280;

function useScreenTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const item = NAV_ITEMS.find((entry) => entry.to !== null && pathname.startsWith(entry.to));
  return item ? t(`nav.${item.id}`) : t('app.name');
}

/**
 * The desktop's navigation, always there at the left: a column of the drawer's width and a
 * paper fixed over it, as MUI's permanent drawer draws it (without the modal code that drawer
 * brings along for its other variants).
 */
function DockedNav({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        sx={{
          position: 'fixed',
          inset: '0 auto 0 0',
          width: DRAWER_WIDTH,
          display: 'flex',
          flexDirection: 'column',
          overflowY: 'auto',
          zIndex: 'drawer',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}

/**
 * Whether the phone's drawer is in the page: its code loads once the first screen's data is in
 * and nothing has been fetched for a moment (never before the agenda paints), or at once when
 * the menu button opens it. Until then the edge swipe does nothing.
 */
function usePhoneDrawer(isOpen: boolean): boolean {
  const isQuiet = useIsFetching() === 0;
  const [isLoaded, setLoaded] = useState(false);
  useEffect(() => {
    if (isLoaded || !isQuiet) return undefined;
    const timer = setTimeout(() => setLoaded(true), DRAWER_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isLoaded, isQuiet]);
  return isLoaded || isOpen;
}

/** App bar and navigation: docked on desktop, a swipeable overlay on a phone. */
export default function AppShell() {
  const { t } = useTranslation();
  const isDesktop = useDesktopLayout();
  const [isOpen, setOpen] = useState(false);
  const [isDebugOpen, setDebugOpen] = useState(false);
  const title = useScreenTitle();
  useAccountLocale();
  const close = () => setOpen(false);
  const hasPhoneDrawer = usePhoneDrawer(isOpen) && !isDesktop;
  const drawer = <NavDrawer.Part onNavigate={close} onOpenDebugMenu={() => setDebugOpen(true)} />;

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
      {isDesktop && <DockedNav>{drawer}</DockedNav>}
      {hasPhoneDrawer && (
        <Suspense fallback={null}>
          <PhoneDrawer
            open={isOpen}
            width={DRAWER_WIDTH}
            onOpen={() => setOpen(true)}
            onClose={close}
          >
            {drawer}
          </PhoneDrawer>
        </Suspense>
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
