import { PLANNING_CONSTANTS } from '@planner/core';
import { useEffect } from 'react';
import { categoriesQueryKey } from '../../categories/categories-api';
import { queryClient } from '../../api/query-client';
import { getSessionToken } from '../../api/session';
import { overdueRemindersKey } from './agenda-actions';
import { fetchTimelineState } from './timed-call';
import { timelineStore } from './timeline-store';

/** The server-sent events stream (packages/server realtime routes). */
export const EVENTS_URL = '/api/events';

export async function refreshTimelineState(): Promise<void> {
  try {
    timelineStore.applyState(await fetchTimelineState());
  } catch {
    // Spec 4: polling errors are swallowed and retried on the next tick.
  }
}

function onPush(type: string): void {
  if (type === 'timelineStateUpdated') void refreshTimelineState();
  if (type === 'reminderStateUpdated') {
    void timelineStore.reload();
    void queryClient.invalidateQueries({ queryKey: overdueRemindersKey });
  }
  if (type === 'categoryUpdated') {
    void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    void timelineStore.reload();
  }
}

/**
 * Live updates while the agenda is open: the server's event stream, and GetTimelineState every
 * 5 s whenever the stream is not connected (spec 4: polling stops once push messages arrive).
 */
export function useLiveUpdates(): void {
  useEffect(() => {
    let isStreaming = false;
    let source: EventSource | null = null;
    const token = getSessionToken();
    if (token && typeof EventSource !== 'undefined') {
      source = new EventSource(`${EVENTS_URL}?token=${encodeURIComponent(token)}`);
      source.addEventListener('ready', () => {
        isStreaming = true;
      });
      source.addEventListener('error', () => {
        isStreaming = false;
      });
      for (const type of ['timelineStateUpdated', 'reminderStateUpdated', 'categoryUpdated']) {
        source.addEventListener(type, () => {
          isStreaming = true;
          onPush(type);
        });
      }
    }
    const poll = setInterval(() => {
      if (!isStreaming && getSessionToken()) void refreshTimelineState();
    }, PLANNING_CONSTANTS.pollingIntervalMs);
    return () => {
      clearInterval(poll);
      source?.close();
    };
  }, []);
}
