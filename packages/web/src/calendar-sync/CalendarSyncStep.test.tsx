import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderAgenda, stubServer } from '../agenda/test-support';
import { TutorialSlot } from '../agenda/tutorials/Tutorials';
import calendarSync from '../i18n/calendar-sync/en.json';
import { initTestI18n } from '../test/render';

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('onboarding with calendar sync', () => {
  it('has 5 steps, the last one leads to the Integrations settings and finishes onboarding', async () => {
    initTestI18n();
    if (!i18next.hasResourceBundle('en', 'calendar-sync'))
      i18next.addResourceBundle('en', 'calendar-sync', calendarSync);
    const server = stubServer({
      FinishTutorial: () => ({ tutorialStatus: '{"onboarding":true}' }),
    });
    renderAgenda(
      <Routes>
        <Route path="/agenda" element={<TutorialSlot name="onboarding" state={null} />} />
        <Route path="/settings" element={<Where />} />
      </Routes>,
    );
    const card = screen.getByTestId('tutorial-onboarding');
    for (let step = 0; step < 4; step += 1)
      await userEvent.click(within(card).getByRole('button', { name: 'Next' }));
    expect(card).toHaveTextContent('Bring your calendars');
    expect(within(card).getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Connect a calendar' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/settings#integrations');
    await waitFor(() =>
      expect(server.calls).toContainEqual({
        method: 'FinishTutorial',
        input: expect.objectContaining({ tutorial: 'onboarding', status: '' }),
      }),
    );
  });
});
