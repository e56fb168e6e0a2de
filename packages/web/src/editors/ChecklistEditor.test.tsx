import { checklistForEditing, checklistForSaving, type ChecklistItem } from '@planner/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import editors from '../i18n/editors/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import { ChecklistEditor } from './ChecklistEditor';

beforeAll(() => {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'editors')) {
    i18next.addResourceBundle('en', 'editors', editors);
  }
});

function item(id: string, content: string, sort: number): ChecklistItem {
  return { id, content, done: false, sort };
}

/** The editor in a form whose Enter saves, as the task and event screens have it. */
function renderChecklist(saved: ChecklistItem[] = []) {
  let ids = 0;
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onFormEnter = vi.fn();
  const result: { items: ChecklistItem[] } = { items: [] };
  function Host() {
    const [items, setItems] = useState(() => checklistForEditing(saved, 'adding-0'));
    result.items = items;
    return (
      <form
        onSubmit={onSubmit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onFormEnter();
        }}
      >
        <ChecklistEditor items={items} onChange={setItems} newId={() => `new-${++ids}`} />
      </form>
    );
  }
  renderWithProviders(<Host />);
  return { onSubmit, onFormEnter, saved: () => checklistForSaving(result.items) };
}

const addField = () => screen.getByRole('textbox', { name: 'Add an item' });
const lines = () =>
  screen
    .getAllByRole('textbox', { name: 'Checklist item' })
    .map((box) => (box as HTMLInputElement).value);
const line = (content: string) =>
  screen
    .getAllByRole('textbox', { name: 'Checklist item' })
    .find((box) => (box as HTMLInputElement).value === content) ?? addField();

describe('Enter in the checklist', () => {
  it('Passport, Enter, Adapter makes two items, the focus ready for the next', async () => {
    const user = userEvent.setup();
    const { onSubmit, onFormEnter, saved } = renderChecklist();
    await user.click(addField());
    await user.keyboard('Passport{Enter}Adapter{Enter}');
    expect(lines()).toEqual(['Passport', 'Adapter']);
    expect(addField()).toHaveFocus();
    expect(addField()).toHaveValue('');
    expect(saved().map((i) => i.content)).toEqual(['Passport', 'Adapter']);
    // Enter is the list's: the form neither submits nor saves.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onFormEnter).not.toHaveBeenCalled();
  });

  it('in a line, adds an empty item right after it and moves the focus there', async () => {
    const user = userEvent.setup();
    const { saved } = renderChecklist([item('a', 'Passport', 0), item('b', 'Tickets', 1)]);
    await user.click(line('Passport'));
    await user.keyboard('{End}{Enter}');
    expect(lines()).toEqual(['Passport', '', 'Tickets']);
    expect(screen.getAllByRole('textbox', { name: 'Checklist item' })[1]).toHaveFocus();
    await user.keyboard('Adapter');
    expect(lines()).toEqual(['Passport', 'Adapter', 'Tickets']);
    expect(saved().map((i) => [i.content, i.sort])).toEqual([
      ['Passport', 0],
      ['Adapter', 1],
      ['Tickets', 2],
    ]);
  });

  it('in the empty adding field does nothing', async () => {
    const user = userEvent.setup();
    renderChecklist([item('a', 'Passport', 0)]);
    await user.click(addField());
    await user.keyboard('{Enter}{Enter}');
    expect(lines()).toEqual(['Passport']);
    expect(addField()).toHaveFocus();
  });

  it('while a word is being composed (an input method) only ends the composition', () => {
    renderChecklist([item('a', 'Passport', 0)]);
    fireEvent.keyDown(line('Passport'), { key: 'Enter', isComposing: true });
    expect(lines()).toEqual(['Passport']);
  });
});

describe('Backspace in an empty line', () => {
  it('removes the line and moves the focus to the end of the one before', async () => {
    const user = userEvent.setup();
    renderChecklist([item('a', 'Passport', 0), item('b', 'Tickets', 1)]);
    await user.click(line('Passport'));
    await user.keyboard('{End}{Enter}{Backspace}');
    expect(lines()).toEqual(['Passport', 'Tickets']);
    const previous = line('Passport') as HTMLInputElement;
    expect(previous).toHaveFocus();
    expect(previous.selectionStart).toBe('Passport'.length);
  });

  it('in the adding field goes back to the last item, which it keeps', async () => {
    const user = userEvent.setup();
    renderChecklist([item('a', 'Passport', 0)]);
    await user.click(addField());
    await user.keyboard('{Backspace}');
    expect(line('Passport')).toHaveFocus();
    expect(lines()).toEqual(['Passport']);
  });

  it('with text in the line, only deletes a character', async () => {
    const user = userEvent.setup();
    renderChecklist([item('a', 'Passport', 0), item('b', 'Tickets', 1)]);
    await user.click(line('Tickets'));
    await user.keyboard('{End}{Backspace}');
    expect(lines()).toEqual(['Passport', 'Ticket']);
    expect(line('Ticket')).toHaveFocus();
  });
});
