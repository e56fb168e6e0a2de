import { SUPPORTED_LOCALES, type Locale } from '@planner/core';

/** Articles of the "Getting started" list on /help, in reading order. */
export const GETTING_STARTED = [
  'add-tasks',
  'events-and-reminders',
  'how-the-plan-is-made',
] as const;
/** Articles of the "Tips" list on /help. */
export const TIPS = ['controls', 'rest-window-and-settings', 'week-view'] as const;
/** Every article /help/{name} can show; "faq" is one of them (accounts spec, routes). */
export const ALL_ARTICLES = [...GETTING_STARTED, ...TIPS, 'categories-and-plans', 'faq'] as const;
export type ArticleName = (typeof ALL_ARTICLES)[number];

/** /help/articles lists every article: a name no article may take. */
export const ALL_ARTICLES_NAME = 'articles';

type ArticleLoaders = Record<string, () => Promise<string>>;

// One chunk per file: an article is downloaded when it is opened, in the reader's language only.
const bundledArticles: ArticleLoaders = import.meta.glob<string>('./content/*/*.md', {
  query: '?raw',
  import: 'default',
});

const pathOf = (locale: Locale, name: ArticleName) => `./content/${locale}/${name}.md`;

export function isArticleName(name: string): name is ArticleName {
  return (ALL_ARTICLES as readonly string[]).includes(name);
}

export interface LoadedArticle {
  markdown: string;
  /** The language the text is in: English stands in for a missing translation. */
  locale: Locale;
}

/** The articles of a set of Markdown files (the bundled ones, or a test's). */
export function articleLibrary(loaders: ArticleLoaders) {
  const hasTranslation = (locale: Locale, name: ArticleName) => pathOf(locale, name) in loaders;
  return {
    hasTranslation,

    async loadArticle(name: ArticleName, locale: Locale): Promise<LoadedArticle> {
      const shown = hasTranslation(locale, name) ? locale : 'en';
      const load = loaders[pathOf(shown, name)];
      if (!load) throw new Error(`The help article ${name} has no English text`);
      return { markdown: await load(), locale: shown };
    },

    /** Which articles each language lacks (shown in English instead). */
    missingTranslations(): Record<Locale, ArticleName[]> {
      const missing = {} as Record<Locale, ArticleName[]>;
      for (const locale of SUPPORTED_LOCALES) {
        missing[locale] = ALL_ARTICLES.filter((name) => !hasTranslation(locale, name));
      }
      return missing;
    },

    /** Markdown files that match no article (a misspelt name would never be shown). */
    strayFiles(): string[] {
      return Object.keys(loaders).filter((path) => {
        const [, locale = '', file = ''] = /^\.\/content\/([^/]+)\/([^/]+)\.md$/u.exec(path) ?? [];
        return !(SUPPORTED_LOCALES as readonly string[]).includes(locale) || !isArticleName(file);
      });
    },
  };
}

export const helpArticles = articleLibrary(bundledArticles);
