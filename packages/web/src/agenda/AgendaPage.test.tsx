import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import AgendaPage from './AgendaPage';
import { renderAgenda, stubServer } from './test-support';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function routes() {
  return (
    <>
      <Routes>
        <Route path="/agenda/:view?/:currentDate?" element={<AgendaPage />} />
      </Routes>
      <Where />
    </>
  );
}

const timeline = () => ({
  blockContainers: [],
  reminders: [],
  timelineState: { serverTime: Date.now(), timelineUpdatedAt: 1, autoExtend: true },
});

beforeAll(() => {
  // jsdom does no layout.
  Element.prototype.scrollIntoView = vi.fn();
});

describe('AgendaPage routes', () => {
  it('sends an unknown view to /agenda', async () => {
    stubServer({ GetTimeline: timeline, GetOverdueReminders: () => ({ reminders: [] }) });
    renderAgenda(routes(), '/agenda/month/123');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/agenda$/u));
  });

  it('opens the creation dial for ?add=true and then shows plain /agenda', async () => {
    stubServer({ GetTimeline: timeline, GetOverdueReminders: () => ({ reminders: [] }) });
    renderAgenda(routes(), '/agenda?add=true');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/agenda$/u));
    expect(
      await screen.findByRole('menuitem', { name: 'New task' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the empty agenda once the timeline answered with nothing', async () => {
    stubServer({ GetTimeline: timeline, GetOverdueReminders: () => ({ reminders: [] }) });
    renderAgenda(routes(), '/agenda/day');
    expect(
      await screen.findByRole('heading', { name: 'Your agenda is clear' }),
    ).toBeInTheDocument();
  });
});
