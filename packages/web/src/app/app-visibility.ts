import type { QueryClient } from '@tanstack/react-query';
import { getSessionToken, subscribeToSession } from '../api/session';
import { sendInBackground } from '../app-status/background-call';
import { flushPendingWork } from '../app-status/pending-work';
import { reportFrontendError } from '../app-status/report-errors';
import { refreshOnReturn, watchVisibility } from '../app-status/visibility';

/** The agenda's timeline, reloaded or refreshed on return (loaded on demand: not on /login). */
async function refreshTimeline(client: QueryClient, awayMs: number): Promise<void> {
  const [{ refreshTimelineState }, { reloadTimeline }] = await Promise.all([
    import('../api/timeline-state'),
    import('../agenda/data/timeline-queries'),
  ]);
  if (refreshOnReturn(awayMs) === 'reloadTimeline') {
    await Promise.all([reloadTimeline(client), refreshTimelineState(client)]);
  } else {
    await refreshTimelineState(client);
  }
}

/**
 * Spec 4, app visibility: hidden, the app sends what is pending and tells the server it is
 * inactive; shown again, it tells the server it is shown and reloads the timeline after more
 * than 10 minutes away, else refreshes the timeline state. While shown, it says so every 2
 * minutes (docs/app-status.md). Answers the function that stops it.
 */
export function followAppVisibility(client: QueryClient): () => void {
  const sayShown = () => void sendInBackground('GetUserActiveStatus');
  // Signing in on a shown page makes it a shown device at once, not at the next heartbeat.
  const stopSession = subscribeToSession(() => {
    if (getSessionToken() && document.visibilityState === 'visible') sayShown();
  });
  const stopWatching = watchVisibility(document, window, () => Date.now(), {
    onHidden: () => {
      flushPendingWork(reportFrontendError);
      void sendInBackground('OnAppInactive');
    },
    onShown: (awayMs) => {
      sayShown();
      if (getSessionToken()) void refreshTimeline(client, awayMs).catch(reportFrontendError);
    },
    onStillShown: sayShown,
  });
  return () => {
    stopSession();
    stopWatching();
  };
}
