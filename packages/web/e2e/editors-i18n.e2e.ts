import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { EditorsApi } from './pages/editors-api';

type Tree = { [key: string]: string | Tree };
const readEditors = (locale: string): Tree =>
  JSON.parse(
    readFileSync(new URL(`../src/i18n/editors/${locale}.json`, import.meta.url), 'utf8'),
  ) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

// The pickers' own words (MUI X's locale text) for the open buttons and the dialog's Cancel.
const PICKER_WORDS = {
  de: { chooseDate: /^Datum auswählen/u, chooseTime: /^Uhrzeit auswählen/u, cancel: 'Abbrechen' },
  ja: { chooseDate: /^日付を選択/u, chooseTime: /^時間を選択/u, cancel: 'キャンセル' },
} as const;

for (const locale of ['de', 'ja'] as const) {
  test(`the task screen in ${locale}: its pickers speak the language, no raw keys @phone`, async ({
    page,
  }, testInfo) => {
    await EditorsApi.signUp(page, `i18n-${locale}`);
    await page.addInitScript((value) => localStorage.setItem('planner:1.3:locale', value), locale);
    const strings = flatten(readEditors(locale));
    const words = PICKER_WORDS[locale];
    await page.goto('/tasks/create?title=Test');
    await expect(page.getByRole('heading', { name: strings.get('task.newTitle') })).toBeVisible();
    const picker = page.getByRole('dialog');
    if (testInfo.project.name === 'phone') {
      // A touch screen opens the picker from a tap on the field, in a dialog with its buttons.
      await page.getByRole('group', { name: strings.get('task.deadlineDate') }).click();
      await expect(picker).toBeVisible();
      await expect(picker.getByRole('button', { name: words.cancel })).toBeVisible();
    } else {
      await expect(page.getByRole('button', { name: words.chooseTime })).toBeVisible();
      await page.getByRole('button', { name: words.chooseDate }).click();
      await expect(picker).toBeVisible();
    }
    await page.keyboard.press('Escape');

    const text = await page.locator('body').innerText();
    const english = flatten(readEditors('en'));
    const rawKeys = [...english.keys()].filter((key) => key.includes('.') && text.includes(key));
    expect(rawKeys).toEqual([]);
    expect(text).not.toContain('Choose date');
  });
}
