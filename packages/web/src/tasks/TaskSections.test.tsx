import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREFS } from '../editors/testing/editor-test-kit';
import { boxesWiderThanTheirRow, isCutWithEllipsis } from '../editors/testing/row-width';
import editors from '../i18n/editors/en.json';
import { buildTask } from '../test/factories';
import { initTestI18n, renderWithProviders } from '../test/render';
import { TaskSections } from './TaskSections';

beforeAll(() => {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'editors')) {
    i18next.addResourceBundle('en', 'editors', editors);
  }
});

function renderSections(title: string) {
  const task = buildTask({ id: 'long', title });
  renderWithProviders(
    <TaskSections
      doing={null}
      todo={[task, buildTask({ id: 'short', title: 'Pay rent' })]}
      done={[]}
      isLoadingMore={false}
      prefs={PREFS}
      now={0}
    />,
  );
}

describe('a task with a very long title', () => {
  it.each([
    ['without spaces', 'x'.repeat(300)],
    ['with spaces', 'word '.repeat(60).trim()],
  ])('%s is cut with an ellipsis in its row, never widening the list', (_case, title) => {
    renderSections(title);
    const text = screen.getByText(title);
    expect(isCutWithEllipsis(text)).toBe(true);
    const section = text.closest('section');
    expect(section).not.toBeNull();
    expect(boxesWiderThanTheirRow(text, section ?? text)).toEqual([]);
  });
});
