import { PLANNING_CONSTANTS } from '@planner/core';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { categoriesQueryKey } from '../../categories/categories-api';
import { currentApiBase } from '../../api/api-base';
import { endRefusedSession } from '../../api/client';
import { openEventStream } from '../../api/event-stream';
import { getSessionToken } from '../../api/session';
import { usePushArrived } from '../../push/push-state';
import type { WireTimelineState } from '../types';
import { overdueRemindersKey } from './agenda-actions';
import { timelineStateKey, timelineStateQuery } from '../../api/timeline-state';
import { reloadTimeline } from './timeline-queries';

/** The server-sent events stream (packages/server realtime routes) of the chosen API server. */
function eventsUrl(): string {
  return `${currentApiBase()}/events`;
}
const PUSH_TYPES = ['timelineStateUpdated', 'reminderStateUpdated', 'categoryUpdated'] as const;

export function onPush(client: QueryClient, type: (typeof PUSH_TYPES)[number]): void {
  if (type === 'timelineStateUpdated') {
    void client.refetchQueries({ queryKey: timelineStateKey, exact: true });
  } else if (type === 'reminderStateUpdated') {
    void reloadTimeline(client);
    void client.invalidateQueries({ queryKey: overdueRemindersKey });
  } else {
    void client.invalidateQueries({ queryKey: categoriesQueryKey });
    void reloadTimeline(client);
  }
}

/**
 * The stream is open (again): what changed while it was not (before the first connection, or
 * while it was down) was told to nobody, so the state, the overdue reminders and the categories
 * are asked anew; a newer state reloads the timeline ranges it overtook (use-timeline.ts).
 */
export function onStreamOpened(client: QueryClient): void {
  onPush(client, 'timelineStateUpdated');
  void client.invalidateQueries({ queryKey: overdueRemindersKey });
  void client.invalidateQueries({ queryKey: categoriesQueryKey });
}

/** Whether the server's event stream is connected now (the agenda polls while it is not). */
const streamStatus = createStore<{ isStreaming: boolean }>(() => ({ isStreaming: false }));

/**
 * The server's event stream, for every signed-in screen (app/guards.tsx opens it once): push
 * messages go into the query cache wherever the person is, so the task list, the settings and
 * the agenda all follow changes made on another device, and a session ended elsewhere (signed
 * out from the devices list, a password change) ends here within seconds on any screen.
 */
export function useEventStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!getSessionToken()) return undefined;
    const setStreaming = (isStreaming: boolean) => streamStatus.setState({ isStreaming });
    const source = openEventStream(eventsUrl(), {
      getToken: getSessionToken,
      onSessionRefused: endRefusedSession,
    });
    source.addEventListener('ready', () => {
      setStreaming(true);
      onStreamOpened(client);
    });
    source.addEventListener('error', () => setStreaming(false));
    for (const type of PUSH_TYPES) {
      source.addEventListener(type, () => {
        setStreaming(true);
        onPush(client, type);
      });
    }
    return () => {
      source.close();
      setStreaming(false);
    };
  }, [client]);
}

/**
 * The timeline state, live while the agenda is open: the event stream (useEventStream), and
 * GetTimelineState every 5 s whenever the stream is not connected (spec 4: polling stops once
 * push messages arrive; a web push reaching this tab stops it too, push/PushRegistration.tsx).
 */
export function useLiveTimelineState(): WireTimelineState | null {
  const isStreaming = useStore(streamStatus, (status) => status.isStreaming);
  const hasPushArrived = usePushArrived();
  const { data } = useQuery({
    ...timelineStateQuery(),
    refetchInterval: isStreaming || hasPushArrived ? false : PLANNING_CONSTANTS.pollingIntervalMs,
    refetchIntervalInBackground: true,
  });
  return data ?? null;
}
