import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../i18n/agenda/de.json';
import en from '../../i18n/agenda/en.json';
import ru from '../../i18n/agenda/ru.json';
import { renderAgenda } from '../test-support';
import { AgendaSpeedDial } from './AgendaSpeedDial';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

/** The dial as the agenda holds it (its open state), after another control in the Tab order. */
function Dial() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <AgendaSpeedDial open={isOpen} onOpenChange={setOpen} />
    </>
  );
}

function renderDial() {
  return renderAgenda(
    <>
      <Routes>
        <Route path="/agenda" element={<Dial />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
  );
}

const createButton = (expanded: boolean) =>
  screen.getByRole('button', { name: 'Create', expanded });

/** Tab to the Create button and press Enter, as a keyboard user opens the dial. */
async function openByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  await user.tab();
  expect(createButton(false)).toHaveFocus();
  await user.keyboard('{Enter}');
  // The dial's code loads on its first open; then its own button holds the focus.
  await waitFor(() => expect(createButton(true)).toHaveFocus(), { timeout: 5000 });
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the creation dial', () => {
  it('opened from the keyboard, keeps the focus and reaches its actions with the arrow keys', async () => {
    const user = userEvent.setup();
    renderDial();
    await openByKeyboard(user);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New reminder' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New event' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New task' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tasks/create'));
  });

  it('closes on Escape and gives the focus back to the Create button', async () => {
    const user = userEvent.setup();
    renderDial();
    await openByKeyboard(user);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'New reminder' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(createButton(false)).toHaveFocus());
    expect(screen.queryByRole('menuitem')).toBeNull();
    // Opened again, it takes the focus again.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(createButton(true)).toHaveFocus());
  });

  it('keeps single-key shortcuts to itself while open, as a menu does', async () => {
    const user = userEvent.setup();
    const heard = vi.fn();
    window.addEventListener('keydown', heard);
    try {
      renderDial();
      await openByKeyboard(user);
      await user.keyboard('x');
      expect(heard).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'x' }));
    } finally {
      window.removeEventListener('keydown', heard);
    }
  });

  it('opens on a click and leads to the chosen editor, as before', async () => {
    const user = userEvent.setup();
    renderDial();
    await user.click(createButton(false));
    const action = await screen.findByRole('menuitem', { name: 'New event' }, { timeout: 5000 });
    // The focus is left where the pointer put it, as before.
    expect(createButton(true)).not.toHaveFocus();
    await user.click(action);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/events/create'));
  });

  it.each([
    ['en', en],
    ['de', de],
    ['ru', ru],
  ] as const)('keeps each action label on one line (%s)', async (lng, texts) => {
    const user = userEvent.setup();
    renderDial();
    if (!i18next.hasResourceBundle(lng, 'agenda')) i18next.addResourceBundle(lng, 'agenda', texts);
    await i18next.changeLanguage(lng);
    await user.click(screen.getByRole('button', { name: texts.create.label, expanded: false }));
    for (const key of ['reminder', 'event', 'task'] as const) {
      // The label sits beside its action, placed absolutely: without nowrap it is as narrow as
      // the action and breaks after every word ("New / task"). jsdom lays nothing out, so the
      // style is what can be read here.
      const label = await screen.findByText(texts.create[key], {}, { timeout: 5000 });
      expect(getComputedStyle(label).whiteSpace).toBe('nowrap');
    }
  });
});
