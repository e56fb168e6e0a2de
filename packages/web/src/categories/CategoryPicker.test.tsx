import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogNamed, renderEditor, sentOf, serve, WORK } from '../editors/testing/editor-test-kit';
import type { PlainCategory } from './categories-api';
import { CategoryPicker } from './CategoryPicker';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

const FRIENDS: PlainCategory = { ...WORK, id: 'cat-friends', title: 'Friends', icon: 'people' };

// The task and event screens share this field: what it hands back is what their forms keep.
function renderPicker(value: PlainCategory | undefined) {
  const onChange = vi.fn<(category: PlainCategory | undefined) => void>();
  renderEditor(
    '/tasks/create',
    <CategoryPicker value={value} onChange={onChange} />,
    '/tasks/create',
  );
  return onChange;
}

async function deleteInList(user: ReturnType<typeof userEvent.setup>, category: PlainCategory) {
  await user.click(await screen.findByRole('button', { name: 'Category' }));
  await user.click(
    await waitFor(() =>
      within(dialogNamed('Choose a category')).getByRole('button', {
        name: `Edit ${category.title}`,
      }),
    ),
  );
  await user.click(within(dialogNamed('Edit category')).getByRole('button', { name: 'Delete' }));
  await user.click(
    within(dialogNamed(`Delete “${category.title}”?`)).getByRole('button', { name: 'Delete' }),
  );
  // Back in the list, which no longer has it, and out of it.
  const list = await waitFor(() => dialogNamed('Choose a category'), { timeout: 10_000 });
  await waitFor(() => expect(list).not.toHaveTextContent(category.title));
  await user.click(within(list).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the category field', () => {
  it('deleting the chosen category in its list leaves the field without one', async () => {
    const sent = serve({
      GetCategories: () => ({ categories: [WORK, FRIENDS] }),
      DeleteCategory: () => ({}),
    });
    const user = userEvent.setup();
    const onChange = renderPicker(FRIENDS);
    await deleteInList(user, FRIENDS);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(undefined));
    expect(sentOf(sent, 'DeleteCategory')).toEqual([{ id: FRIENDS.id }]);
    expect(screen.getByRole('button', { name: 'Category' })).toHaveTextContent('Choose a category');
  });

  it('deleting another category keeps the choice', async () => {
    const sent = serve({
      GetCategories: () => ({ categories: [WORK, FRIENDS] }),
      DeleteCategory: () => ({}),
    });
    const user = userEvent.setup();
    const onChange = renderPicker(WORK);
    await deleteInList(user, FRIENDS);
    await waitFor(() => expect(sentOf(sent, 'DeleteCategory')).toHaveLength(1));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Category' })).toHaveTextContent('Work');
  });

  it('a chosen category the list no longer has reads as none', async () => {
    serve({ GetCategories: () => ({ categories: [WORK] }) });
    renderPicker(FRIENDS);
    const field = await screen.findByRole('button', { name: 'Category' });
    await waitFor(() => expect(field).toHaveTextContent('Choose a category'));
  });
});
