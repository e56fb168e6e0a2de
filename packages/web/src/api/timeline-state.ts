import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchTimelineState, type WireTimelineState } from './timed-call';

/**
 * The timeline state (what runs now, when the plan last changed) is one query of the app's one
 * query cache (docs/web-data.md): the agenda keeps it live, the task screens read what runs now
 * from it, and a control, a poll or a GetTimeline answer writes the newest one into it.
 */
export const timelineStateKey = ['timelineState'] as const;

/** The later of two states (by the server's clock when each was answered). */
export function newerState(
  a: WireTimelineState | null | undefined,
  b: WireTimelineState | null | undefined,
): WireTimelineState | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.serverTime >= a.serverTime ? b : a;
}

/** A state from a control, a poll or a GetTimeline answer; the newest one is kept. */
export function applyTimelineState(client: QueryClient, state: WireTimelineState): void {
  client.setQueryData<WireTimelineState | null>(timelineStateKey, (current) =>
    newerState(current, state),
  );
}

/**
 * GetTimelineState in the background: errors are swallowed and tried again (spec 4). It is not
 * asked again while it is in the cache (staleTime Infinity): the agenda keeps it live (the event
 * stream, or a poll), and a screen that needs it fresher says so in its own options.
 */
export function timelineStateQuery() {
  return queryOptions({
    queryKey: timelineStateKey,
    queryFn: async ({ client }) =>
      newerState(
        client.getQueryData<WireTimelineState | null>(timelineStateKey),
        await fetchTimelineState(),
      ),
    staleTime: Infinity,
    networkMode: 'always',
    meta: { persist: true, silent: true },
  });
}

/** Asks the timeline state now (a progress check); a failure waits for the next tick. */
export async function refreshTimelineState(client: QueryClient): Promise<void> {
  try {
    await client.fetchQuery({ ...timelineStateQuery(), staleTime: 0 });
  } catch {
    // Spec 4: polling errors are swallowed and retried on the next tick.
  }
}
