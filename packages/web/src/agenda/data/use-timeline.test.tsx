import { DAY_MS } from '@planner/core';
import type { QueryClient} from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient as appClient, createQueryClient } from '../../api/query-client';
import { persistQueryCache } from '../../api/query-persistence';
import { stubServer } from '../test-support';
import type { TimeRange, WireTimelineState } from '../types';
import { agendaActions } from './agenda-actions';
import { applyTimelineState } from '../../api/timeline-state';
import { containersIn } from './timeline-queries';
import { useTimeline, type TimelineSnapshot } from './use-timeline';

const T0 = Date.UTC(2026, 2, 10);
const week = { start: T0, end: T0 + 7 * DAY_MS };

function state(timelineUpdatedAt: number, serverTime = T0 + timelineUpdatedAt): WireTimelineState {
  return {
    serverTime,
    timelineUpdatedAt,
    reminderUpdatedAt: 0,
    hasUnconfirmedTask: false,
    autoExtend: true,
    isPaused: false,
    currentBlock: undefined,
  };
}

/** The server at the HTTP edge: one block per asked range, named after the plan's version. */
function fakeServer() {
  let version = 1;
  let isPaused = false;
  const now = () => ({ ...state(version, T0 + version * 10), isPaused });
  const asked = () =>
    stub.calls
      .filter((c) => c.method === 'GetTimeline')
      .map((c) => {
        const { start, end } = c.input as TimeRange;
        return { start: Number(start), end: Number(end) };
      });
  const stub = stubServer({
    GetTimeline: (input) => {
      const { start } = input as TimeRange;
      const blockStart = Number(start);
      return {
        blockContainers: [
          {
            timeblock: {
              id: `b${version}:${blockStart}`,
              start: blockStart,
              end: blockStart + 1000,
              isRest: true,
            },
          },
        ],
        reminders: [],
        timelineState: now(),
      };
    },
    GetTimelineState: now,
    Pause: () => {
      version += 1;
      isPaused = !isPaused;
      return now();
    },
  });
  return { asked, bump: () => (version += 1) };
}

function ids(snapshot: TimelineSnapshot): (string | undefined)[] {
  return containersIn(snapshot.chunks, week).map((c) => c.timeblock?.id);
}

function renderTimeline(client: QueryClient, range: TimeRange) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((props: { range: TimeRange }) => useTimeline(props.range), {
    wrapper,
    initialProps: { range },
  });
}

describe('useTimeline', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    appClient.clear();
  });

  it('does not load a range that is already loaded, and loads only the missing edge', async () => {
    const server = fakeServer();
    const view = renderTimeline(createQueryClient(), week);
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b1:${T0}`]));
    view.rerender({ range: { start: T0 + DAY_MS, end: T0 + 3 * DAY_MS } });
    view.rerender({ range: { start: T0, end: T0 + 10 * DAY_MS } });
    await waitFor(() => expect(view.result.current.isLoading).toBe(false));
    expect(server.asked()).toEqual([week, { start: week.end, end: T0 + 10 * DAY_MS }]);
  });

  it('reloads what is on screen when a newer timeline state arrives', async () => {
    const server = fakeServer();
    const client = createQueryClient();
    const view = renderTimeline(client, week);
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b1:${T0}`]));
    applyTimelineState(client, state(1, T0 + 15));
    expect(server.asked()).toHaveLength(1);
    server.bump();
    applyTimelineState(client, state(2, T0 + 20));
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b2:${T0}`]));
    expect(view.result.current.state?.timelineUpdatedAt).toBe(2);
  });

  it('shows the new plan after Pause without waiting for a poll', async () => {
    const server = fakeServer();
    const view = renderTimeline(appClient, week);
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b1:${T0}`]));
    await agendaActions.pause();
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b2:${T0}`]), { timeout: 900 });
    expect(view.result.current.state?.isPaused).toBe(true);
    expect(server.asked()).toEqual([week, week]);
  });

  it('paints the saved timeline at once and replaces it with the live one', async () => {
    const server = fakeServer();
    const first = createQueryClient();
    const saving = persistQueryCache(first);
    await saving.restored;
    const before = renderTimeline(first, week);
    await waitFor(() => expect(ids(before.result.current)).toEqual([`b1:${T0}`]));
    before.unmount();
    saving.stop();
    server.bump();
    const next = createQueryClient();
    const restoring = persistQueryCache(next);
    await restoring.restored;
    const view = renderTimeline(next, week);
    expect(ids(view.result.current)).toEqual([`b1:${T0}`]);
    await waitFor(() => expect(ids(view.result.current)).toEqual([`b2:${T0}`]));
    expect(server.asked()).toEqual([week, week]);
    restoring.stop();
  });
});
