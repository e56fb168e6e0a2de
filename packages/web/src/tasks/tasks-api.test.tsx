import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { applyTimelineState } from '../api/timeline-state';
import { sentOf, serve } from '../editors/testing/editor-test-kit';
import { useCurrentTaskId } from './tasks-api';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const running = (task: string, serverTime: number) => ({
  currentBlock: { isRest: false, task, event: '', timeblock: 'b', start: 0, end: 1 },
  serverTime,
  timelineUpdatedAt: serverTime,
  reminderUpdatedAt: serverTime,
  hasUnconfirmedTask: false,
  autoExtend: false,
  isPaused: false,
});

function renderCurrentTask() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('what runs now, on the task screens', () => {
  it('is the state the agenda already holds: one cache entry, no second call', async () => {
    const sent = serve({ GetTimelineState: () => running('other', 1) });
    const { client, wrapper } = renderCurrentTask();
    // A control on the agenda wrote the newest state a moment ago.
    applyTimelineState(client, running('task-1', 2));
    const { result } = renderHook(() => useCurrentTaskId(), { wrapper });
    expect(result.current).toBe('task-1');
    expect(sentOf(sent, 'GetTimelineState')).toEqual([]);
  });

  it('asks the server when nothing is held, and the agenda sees the same answer', async () => {
    serve({ GetTimelineState: () => running('task-2', 5) });
    const { client, wrapper } = renderCurrentTask();
    const { result } = renderHook(() => useCurrentTaskId(), { wrapper });
    await waitFor(() => expect(result.current).toBe('task-2'));
    applyTimelineState(client, running('task-3', 9));
    await waitFor(() => expect(result.current).toBe('task-3'));
  });
});
