import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import help from '../i18n/help/en.json';
import { renderWithProviders } from '../test/render';
import type * as HelpArticlesModule from './help-articles';
import HelpArticlePage from './HelpArticlePage';

// A library where the controls article exists in English only and the FAQ in both languages.
vi.mock('./help-articles', async (importOriginal) => {
  const actual = await importOriginal<typeof HelpArticlesModule>();
  return {
    ...actual,
    helpArticles: actual.articleLibrary({
      './content/en/controls.md': () =>
        Promise.resolve('## The bar\n\n[FAQ](/help/faq) <b>raw</b> [x](javascript:alert(1))'),
      './content/en/faq.md': () => Promise.resolve('## English FAQ'),
      './content/de/faq.md': () => Promise.resolve('## Deutsche FAQ'),
    }),
  };
});

function renderArticle(route: string) {
  vi.stubGlobal('scrollTo', vi.fn());
  renderWithProviders(
    <Routes>
      <Route path="/help/:name" element={<HelpArticlePage />} />
    </Routes>,
    { route },
  );
}

beforeAll(() => {
  renderWithProviders(<></>);
  i18next.addResourceBundle('en', 'help', help);
  i18next.addResourceBundle('de', 'help', help);
});

describe('HelpArticlePage', () => {
  it('renders the Markdown, keeps links in the app and drops raw HTML and script links', async () => {
    await i18next.changeLanguage('en');
    renderArticle('/help/controls');
    expect(await screen.findByRole('heading', { name: 'The bar' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'The controls' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/help/faq');
    // The tags are dropped (their text stays plain), never rendered as elements.
    expect(document.querySelector('main b, b')).toBeNull();
    expect(screen.getByText('x')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'x' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows English where the language lacks the article, and says so', async () => {
    await i18next.changeLanguage('de');
    renderArticle('/help/controls');
    expect(await screen.findByRole('heading', { name: 'The bar' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(help.untranslated);
  });

  it('shows the translation where there is one', async () => {
    await i18next.changeLanguage('de');
    renderArticle('/help/faq');
    expect(await screen.findByRole('heading', { name: 'Deutsche FAQ' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says an unknown article is not found, with a way back', async () => {
    await i18next.changeLanguage('en');
    renderArticle('/help/nope');
    expect(screen.getByRole('heading', { name: 'Article not found' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to help' }).at(-1)).toHaveAttribute(
      'href',
      '/help',
    );
  });
});
