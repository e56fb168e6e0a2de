import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { queryClient } from '../api/query-client';
import { followAppVisibility } from './app-visibility';
import { LazyDisconnectedNotice, LazyToasts } from '../components/LazyNotices';
import { LazyLimitDialog } from '../limits/LazyLimitDialog';
import { ScreenErrorBoundary } from './ErrorBoundary';
import { useFocusReturn } from './focus-return';
import { useScrollReset } from './scroll-reset';
import { PageFallback } from './PageFallback';
import { AppRouter, AppRoutes } from './router';
import { applyZoom } from '../settings/zoom';
import { theme } from './theme';
import { NativeIntegration } from '../native/NativeIntegration';
import { OfflineStatus } from '../offline/OfflineStatus';

// The zoom is this device's choice (settings): applied before the first paint.
applyZoom();

/**
 * Gives the focus back to what opened a screen when its history entry shows again; a screen
 * opened anew starts at its top.
 */
function FocusReturn() {
  useFocusReturn();
  useScrollReset();
  return null;
}

/** The offline warm-up's code is a chunk of its own: the agenda's first load stays in budget. */
function warmUp(client: QueryClient): Promise<void> {
  return import('./warm-up').then(({ warmUpForOffline }) => warmUpForOffline(client));
}

function reconnect(): void {
  // Spec 4: reconnect reloads the timeline; until the agenda has one, refetch what is on screen.
  void queryClient.refetchQueries({ type: 'active' });
}

export function App() {
  // Spec 4: the server hears when the app is hidden and shown; the timeline follows a return.
  useEffect(() => followAppVisibility(queryClient), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageFallback />}>
          <AppRouter>
            <FocusReturn />
            <ScreenErrorBoundary>
              <AppRoutes />
            </ScreenErrorBoundary>
            <LazyToasts />
            <NativeIntegration />
            <OfflineStatus warmUp={warmUp} />
            <LazyLimitDialog />
            <LazyDisconnectedNotice onReconnect={reconnect} />
          </AppRouter>
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
