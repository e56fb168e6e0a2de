import { ErrorCode, RpcError } from '@planner/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { dialogNamed, renderEditor, sentOf, serve, WORK } from '../editors/testing/editor-test-kit';
import limits from '../i18n/limits/en.json';
import { LimitDialogHost } from '../limits/LimitDialog';
import { limitStore } from '../limits/limit-store';
import { CategoryEditDialog } from './CategoryEditDialog';

vi.mock('../api/client', () => import('../editors/testing/fake-client'));

function renderDialog(onSaved = vi.fn()) {
  renderEditor(
    '/tasks/create',
    <CategoryEditDialog open category={null} onClose={vi.fn()} onSaved={onSaved} />,
    '/tasks/create',
  );
  return onSaved;
}

describe('the category dialog', () => {
  it('a name of spaces shows invalid.enterCategoryName and sends nothing', async () => {
    const sent = serve({});
    const user = userEvent.setup();
    renderDialog();
    const dialog = dialogNamed('New category');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter a category name')).toBeInTheDocument();
    expect(sentOf(sent, 'PutCategory')).toEqual([]);
  });

  it('the 16 colours and the icons, the first icon chosen by default; the name is trimmed', async () => {
    const sent = serve({
      PutCategory: () => ({ category: { ...WORK, id: 'c2', title: 'Music' } }),
    });
    const user = userEvent.setup();
    const onSaved = renderDialog();
    const dialog = dialogNamed('New category');
    expect(within(dialog).getAllByRole('radio', { checked: true })).toHaveLength(2);
    expect(
      within(within(dialog).getByRole('radiogroup', { name: 'Colour' })).getAllByRole('radio'),
    ).toHaveLength(16);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Music ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentOf(sent, 'PutCategory')[0]).toMatchObject({
      category: { title: 'Music', color: 'Blue-500', icon: 'label' },
    });
  });

  it.each([
    [ErrorCode.PremiumOnly, 'premiumOnly'],
    [ErrorCode.UnlimitedOnly, 'unlimitedOnly'],
  ] as const)("over the limit (%i) the app's limit dialog is opened", async (code, kind) => {
    limitStore.close();
    serve({
      PutCategory: () => {
        throw new RpcError(code, 'numCategories', 'PutCategory');
      },
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = dialogNamed('New category');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sport');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(limitStore.get()).toMatchObject({ kind, message: 'numCategories' }));
    // No notice besides the dialog.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an existing category is deleted after a confirmation; Cancel sends nothing', async () => {
    const sent = serve({ DeleteCategory: () => ({}) });
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    const onClose = vi.fn();
    renderEditor(
      '/tasks/create',
      <CategoryEditDialog
        open
        category={WORK}
        onClose={onClose}
        onSaved={vi.fn()}
        onDeleted={onDeleted}
      />,
      '/tasks/create',
    );
    const dialog = dialogNamed('Edit category');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = dialogNamed(`Delete “${WORK.title}”?`);
    expect(confirm).toHaveTextContent('read as uncategorised');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sentOf(sent, 'DeleteCategory')).toEqual([]);

    // The edit dialog is back once the question has closed.
    await user.click(
      await waitFor(() =>
        within(dialogNamed('Edit category')).getByRole('button', { name: 'Delete' }),
      ),
    );
    await user.click(
      within(dialogNamed(`Delete “${WORK.title}”?`)).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(WORK.id));
    expect(sentOf(sent, 'DeleteCategory')).toEqual([{ id: WORK.id }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('a new category has no Delete', () => {
    serve({});
    renderDialog();
    expect(
      within(dialogNamed('New category')).queryByRole('button', { name: 'Delete' }),
    ).toBeNull();
  });
});

/**
 * Browsers move the focus off a control that becomes disabled (the focus fixup rule); jsdom
 * keeps it there. A Save disabled while it saves loses the focus this way in the browser.
 */
function emulateFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active instanceof HTMLButtonElement && active.disabled) active.blur();
  });
  observer.observe(document.body, {
    attributes: true,
    attributeFilter: ['disabled'],
    subtree: true,
  });
  return () => observer.disconnect();
}

describe('the category dialog over the limit', () => {
  it('the limit dialog says the limit, and No thanks gives the focus back to Save', async () => {
    limitStore.close();
    serve({
      GetUserProfile: () => ({
        user: { premiumLevel: 0, activeReferralCount: 0, isReferred: false, options: {} },
      }),
      PutCategory: () => {
        throw new RpcError(ErrorCode.PremiumOnly, 'numCategories', 'PutCategory');
      },
    });
    onTestFinished(emulateFocusFixup());
    const user = userEvent.setup();
    renderEditor(
      '/tasks/create',
      <>
        <CategoryEditDialog open category={null} onClose={vi.fn()} onSaved={vi.fn()} />
        <LimitDialogHost />
      </>,
      '/tasks/create',
    );
    if (!i18next.hasResourceBundle('en', 'limits')) {
      i18next.addResourceBundle('en', 'limits', limits);
    }
    const dialog = dialogNamed('New category');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Gardening');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);

    const limit = await screen.findByRole('dialog', { name: 'Premium only' });
    expect(limit).toHaveTextContent(
      'You have reached the number of categories your plan allows. ' +
        'Your plan allows 5 categories, 1 of them your own.',
    );
    await user.click(within(limit).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(save).toHaveFocus());
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Gardening');
  });
});
