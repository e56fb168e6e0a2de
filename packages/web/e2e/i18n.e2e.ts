import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const localesDir = new URL('../src/i18n/locales/', import.meta.url);
const readLocale = (locale: string): Tree =>
  JSON.parse(readFileSync(new URL(`${locale}.json`, localesDir), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

const LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru', 'ja', 'ko', 'zh_cn'];
const keys = [...flatten(readLocale('en')).keys()];

for (const locale of LOCALES) {
  test(`the login screens in ${locale} show translated text and no raw keys`, async ({ page }) => {
    const strings = flatten(readLocale(locale));
    await page.addInitScript((value) => localStorage.setItem('planner:1.3:locale', value), locale);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      locale === 'zh_cn' ? 'zh-CN' : locale,
    );

    const signUp = strings.get('login.signUp.submit') ?? '';
    await expect(page.getByRole('button', { name: signUp, exact: true })).toBeVisible();
    await expect(page.getByText(strings.get('login.intro.welcome.title') ?? '')).toBeVisible();
    await page.getByRole('button', { name: signUp, exact: true }).click();
    await expect(
      page.getByRole('heading', { name: strings.get('login.signUp.title') }),
    ).toBeVisible();

    const text = await page.locator('body').innerText();
    const rawKeys = keys.filter((key) => text.includes(key));
    expect(rawKeys).toEqual([]);
  });
}
