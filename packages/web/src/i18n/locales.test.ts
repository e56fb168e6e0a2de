import { SUPPORTED_LOCALES } from '@planner/core';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
// Every folder under src/i18n/ is a namespace; each must be complete in all ten locales.
const allBundles = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const folders = [...new Set(Object.keys(allBundles).map((path) => path.split('/')[1] ?? ''))];
const namespaces = folders.sort().map((folder) => {
  const bundles = Object.fromEntries(
    Object.entries(allBundles).filter(([path]) => path.startsWith(`./${folder}/`)),
  );
  return [folder === 'locales' ? 'translation' : folder, bundles, folder] as const;
});

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

// i18next plural forms: each language has the suffixes its plural rules need (ru: _few, _many;
// ja: _other only), so keys are compared without them.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/u;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** Interpolations ({{name}}) and Trans tags (<terms>) must survive translation. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\/?\w+)>/gu)].map((m) => m[0]).sort();
}

function load(bundles: Record<string, Tree>, folder: string, locale: string): Map<string, string> {
  const tree = bundles[`./${folder}/${locale}.json`];
  if (!tree) throw new Error(`${folder}/${locale}.json is missing`);
  return flatten(tree);
}

describe.each(namespaces)('%s strings', (_namespace, bundles, folder) => {
  const english = load(bundles, folder, 'en');

  it('has a file for each of the ten locales and no others', () => {
    const files = Object.keys(bundles).map((path) => path.replace(/^.*\/(\w+)\.json$/u, '$1'));
    expect(files.sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))(
    '%s has exactly the keys en has, each translated with the same placeholders',
    (locale) => {
      const strings = load(bundles, folder, locale);
      const englishBases = new Set([...english.keys()].map(baseKey));
      const bases = new Set([...strings.keys()].map(baseKey));
      const missing = [...englishBases].filter((key) => !bases.has(key));
      const extra = [...bases].filter((key) => !englishBases.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of strings) {
        const source = english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? '';
        expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source));
      }
    },
  );

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))(
    '%s is a translation, not a copy of English',
    (locale) => {
      const strings = load(bundles, folder, locale);
      const copied = [...strings].filter(([key, text]) => {
        const source = english.get(key) ?? '';
        // Language names, the product name and one-word loans may legitimately match.
        return text === source && source.split(' ').length > 2 && !key.startsWith('languages.');
      });
      expect(copied.map(([key]) => key)).toEqual([]);
    },
  );
});
