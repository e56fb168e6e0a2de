import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';
import helpStrings from '../i18n/help/en.json';
import {
  ALL_ARTICLES,
  ALL_ARTICLES_NAME,
  hasTranslation,
  isArticleName,
  loadArticle,
  missingTranslations,
  strayArticleFiles,
} from './help-articles';

/**
 * The translations still missing, shown in English meanwhile. Adding a translation means
 * removing it here; the test fails either way, so the gap is never silent.
 */
/** Articles that so far exist in English (and the FAQ everywhere). */
const ONLY_IN_ENGLISH = [
  'add-tasks',
  'events-and-reminders',
  'how-the-plan-is-made',
  'controls',
  'rest-window-and-settings',
  'week-view',
  'categories-and-plans',
];
const GAPS_BY_LOCALE = {
  en: [],
  de: ONLY_IN_ENGLISH,
  es: ONLY_IN_ENGLISH,
  fr: ONLY_IN_ENGLISH,
  it: ONLY_IN_ENGLISH,
  pt: ONLY_IN_ENGLISH,
  ru: ONLY_IN_ENGLISH,
  ja: ONLY_IN_ENGLISH,
  ko: ONLY_IN_ENGLISH,
  zh_cn: ONLY_IN_ENGLISH,
};

const rawArticles = import.meta.glob<string>('./content/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('help articles', () => {
  it('lists which locale misses which article', () => {
    expect(missingTranslations()).toEqual(GAPS_BY_LOCALE);
  });

  it('has English for every article and a title and summary for each', () => {
    for (const name of ALL_ARTICLES) {
      expect(hasTranslation('en', name), name).toBe(true);
      expect(helpStrings.articles[name].title, name).not.toBe('');
      expect(helpStrings.articles[name].summary, name).not.toBe('');
    }
    expect(Object.keys(helpStrings.articles).sort()).toEqual([...ALL_ARTICLES].sort());
  });

  it('holds no file under a name or language no page would show', () => {
    expect(strayArticleFiles()).toEqual([]);
    expect(isArticleName(ALL_ARTICLES_NAME)).toBe(false);
  });

  it('shows English in place of a missing translation and says so', async () => {
    const english = await loadArticle('faq', 'en');
    expect(english.locale).toBe('en');
    expect(english.markdown).toContain('## ');
    for (const locale of SUPPORTED_LOCALES) {
      const gaps = missingTranslations()[locale];
      for (const name of ALL_ARTICLES) {
        const loaded = await loadArticle(name, locale);
        expect(loaded.locale, `${locale}/${name}`).toBe(gaps.includes(name) ? 'en' : locale);
      }
    }
  });

  it.each(Object.entries(rawArticles))('%s links only to pages that exist', (_path, markdown) => {
    const links = [...markdown.matchAll(/\]\(([^)]+)\)/gu)].map((match) => match[1] ?? '');
    for (const link of links) {
      const article = /^\/help\/(.+)$/u.exec(link)?.[1];
      if (article !== undefined) expect(isArticleName(article), link).toBe(true);
      else expect(['/agenda', '/settings', '/tasks', '/feedback'], link).toContain(link);
    }
  });

  it.each(Object.entries(rawArticles))(
    '%s holds no raw HTML and no top heading',
    (_p, markdown) => {
      // The page shows the title; the text starts below it.
      expect(markdown).not.toMatch(/^# /mu);
      expect(markdown).not.toMatch(/<[a-z][^>]*>/iu);
    },
  );
});
