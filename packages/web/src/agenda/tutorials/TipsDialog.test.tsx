import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnv, renderAgenda, stubServer } from '../test-support';
import { TipsDialog } from './TipsDialog';

const env = buildEnv({ tutorialStatus: '{"onboarding":true,"emptyAgenda":true}' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TipsDialog', () => {
  it('lists the five agenda tips and says which are hidden', () => {
    renderAgenda(<TipsDialog env={env} />);
    const items = within(screen.getByRole('list', { name: 'Tips' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Welcome tourHiddenShow again',
      'Create your first taskShows when it applies',
      'Running session and auto-extendShows when it applies',
      'Swipe to leave focus modeShows when it applies',
      'Empty agendaHiddenShow again',
    ]);
  });

  it('shows one hidden tip again through FinishTutorial with status "null"', async () => {
    const server = stubServer({
      FinishTutorial: () => ({ tutorialStatus: '{"onboarding":true}' }),
    });
    renderAgenda(<TipsDialog env={env} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show “Empty agenda” again' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toEqual({
      method: 'FinishTutorial',
      input: { tutorial: 'emptyAgenda', status: 'null' },
    });
  });

  it('still shows every tip again at once', async () => {
    const server = stubServer({ FinishTutorial: () => ({ tutorialStatus: '{}' }) });
    renderAgenda(<TipsDialog env={env} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show tips again' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.input).toEqual({ tutorial: '', status: '{}' });
  });
});
