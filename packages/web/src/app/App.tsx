import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { queryClient } from '../api/query-client';
import { followAppVisibility } from '../app-status/app-visibility';
import { LazyDisconnectedNotice, LazyToasts } from '../components/LazyNotices';
import { LazyLimitDialog } from '../limits/LazyLimitDialog';
import { ScreenErrorBoundary } from './ErrorBoundary';
import { PageFallback } from './PageFallback';
import { AppRouter, AppRoutes } from './router';
import { applyZoom } from '../settings/zoom';
import { theme } from './theme';
import { NativeIntegration } from '../native/NativeIntegration';
import { OfflineStatus } from '../offline/OfflineStatus';

// The zoom is this device's choice (settings): applied before the first paint.
applyZoom();

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
            <ScreenErrorBoundary>
              <AppRoutes />
            </ScreenErrorBoundary>
            <LazyToasts />
            <NativeIntegration />
            <OfflineStatus />
            <LazyLimitDialog />
            <LazyDisconnectedNotice onReconnect={reconnect} />
          </AppRouter>
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
