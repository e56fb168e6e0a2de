import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { endSession, startSession } from '../api/session';
import { RequireSession } from './guards';

const streams = vi.hoisted(
  () => [] as { listeners: Map<string, () => void>; refuse: () => void }[],
);

vi.mock('../api/event-stream', () => ({
  openEventStream: (_url: string, options: { onSessionRefused?: () => void }) => {
    const listeners = new Map<string, () => void>();
    streams.push({ listeners, refuse: () => options.onSessionRefused?.() });
    return {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      close: () => undefined,
    };
  },
}));

afterEach(() => {
  streams.length = 0;
  endSession();
});

function renderSignedIn(path: string) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RequireSession />}>
            <Route path="/tasks" element={<p>Task list</p>} />
          </Route>
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('signed in, on any screen', () => {
  it('one event stream is open, and a change pushed from elsewhere asks the state anew', async () => {
    startSession('token-1');
    const client = renderSignedIn('/tasks');
    expect(await screen.findByText('Task list')).toBeInTheDocument();
    expect(streams).toHaveLength(1);
    let asked = 0;
    const state = new QueryObserver(client, {
      queryKey: ['timelineState'],
      queryFn: () => ++asked,
    });
    state.subscribe(() => undefined);
    await waitFor(() => expect(asked).toBe(1));
    act(() => streams[0]?.listeners.get('timelineStateUpdated')?.());
    await waitFor(() => expect(asked).toBe(2));
  });

  it('a session the stream finds refused ends here, off the agenda too', async () => {
    startSession('token-2');
    renderSignedIn('/tasks');
    expect(await screen.findByText('Task list')).toBeInTheDocument();
    act(() => streams[0]?.refuse());
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
