import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';
import helpStrings from '../i18n/help/en.json';
import {
  ALL_ARTICLES,
  ALL_ARTICLES_NAME,
  articleLibrary,
  helpArticles,
  isArticleName,
} from './help-articles';

/**
 * The translations still missing, shown in English meanwhile (none today). Adding an article in
 * English only means naming it here for each other language, so a gap is never silent.
 */
const GAPS_BY_LOCALE = {
  en: [],
  de: [],
  es: [],
  fr: [],
  it: [],
  pt: [],
  ru: [],
  ja: [],
  ko: [],
  zh_cn: [],
};

const rawArticles = import.meta.glob<string>('./content/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('help articles', () => {
  it('lists which locale misses which article', () => {
    expect(helpArticles.missingTranslations()).toEqual(GAPS_BY_LOCALE);
  });

  it('has English for every article and a title and summary for each', () => {
    for (const name of ALL_ARTICLES) {
      expect(helpArticles.hasTranslation('en', name), name).toBe(true);
      expect(helpStrings.articles[name].title, name).not.toBe('');
      expect(helpStrings.articles[name].summary, name).not.toBe('');
    }
    expect(Object.keys(helpStrings.articles).sort()).toEqual([...ALL_ARTICLES].sort());
  });

  it('holds no file under a name or language no page would show', () => {
    expect(helpArticles.strayFiles()).toEqual([]);
    expect(isArticleName(ALL_ARTICLES_NAME)).toBe(false);
  });

  it('loads each article in each language, English where the translation is missing', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const gaps: readonly string[] = GAPS_BY_LOCALE[locale];
      for (const name of ALL_ARTICLES) {
        const loaded = await helpArticles.loadArticle(name, locale);
        expect(loaded.locale, `${locale}/${name}`).toBe(gaps.includes(name) ? 'en' : locale);
        expect(loaded.markdown).toBe(rawArticles[`./content/${loaded.locale}/${name}.md`]);
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

describe('a library with gaps', () => {
  const library = articleLibrary({
    './content/en/faq.md': () => Promise.resolve('## English'),
    './content/de/faq.md': () => Promise.resolve('## Deutsch'),
    './content/en/controls.md': () => Promise.resolve('## Controls'),
    './content/xx/faq.md': () => Promise.resolve('## ?'),
    './content/en/faq-old.md': () => Promise.resolve('## ?'),
  });

  it('stands English in for the missing translation and says which language it gave', async () => {
    expect(await library.loadArticle('faq', 'de')).toEqual({
      markdown: '## Deutsch',
      locale: 'de',
    });
    expect(await library.loadArticle('controls', 'de')).toEqual({
      markdown: '## Controls',
      locale: 'en',
    });
    expect(library.missingTranslations().de).toEqual(ALL_ARTICLES.filter((name) => name !== 'faq'));
  });

  it('fails loudly when not even English exists', async () => {
    await expect(library.loadArticle('week-view', 'de')).rejects.toThrow('no English text');
  });

  it('names the files no page would show', () => {
    expect(library.strayFiles()).toEqual(['./content/xx/faq.md', './content/en/faq-old.md']);
  });
});
