import {
  DEFAULT_CATEGORIES,
  isSupportedLocale,
  type DefaultCategory,
  type Locale,
} from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { getCategory, insertCategories, saveCategory } from './categories-repository';
import type { Category } from './category';

/**
 * Titles of the default categories in each interface language. They are stored, not translated on
 * read, because the person owns them from then on and may rename them.
 */
const DEFAULT_TITLES: Readonly<Record<Locale, Record<DefaultCategory['key'], string>>> = {
  en: { work: 'Work', personal: 'Personal', study: 'Study', health: 'Health' },
  de: { work: 'Arbeit', personal: 'Privat', study: 'Lernen', health: 'Gesundheit' },
  es: { work: 'Trabajo', personal: 'Personal', study: 'Estudio', health: 'Salud' },
  fr: { work: 'Travail', personal: 'Personnel', study: 'Études', health: 'Santé' },
  it: { work: 'Lavoro', personal: 'Personale', study: 'Studio', health: 'Salute' },
  pt: { work: 'Trabalho', personal: 'Pessoal', study: 'Estudo', health: 'Saúde' },
  ru: { work: 'Работа', personal: 'Личное', study: 'Учёба', health: 'Здоровье' },
  ja: { work: '仕事', personal: '個人', study: '勉強', health: '健康' },
  ko: { work: '업무', personal: '개인', study: '공부', health: '건강' },
  zh_cn: { work: '工作', personal: '个人', study: '学习', health: '健康' },
};

/** The default categories of a new account; their ids are their stable keys. */
function buildDefaultCategories(now: number, locale = 'en'): Category[] {
  const titles = DEFAULT_TITLES[isSupportedLocale(locale) ? locale : 'en'];
  // One millisecond apart so the defaults list in their canonical order.
  return DEFAULT_CATEGORIES.map((c, index) => ({
    id: c.key,
    title: titles[c.key],
    description: '',
    color: c.color,
    icon: c.icon,
    createdAt: now + index - DEFAULT_CATEGORIES.length,
    updatedAt: now,
  }));
}

/** Seeds the 4 default categories of a new account (call once, inside the sign-up transaction). */
export async function createDefaultCategories(
  db: Kysely<Schema>,
  userId: string,
  now: number,
  locale = 'en',
): Promise<void> {
  await insertCategories(db, userId, buildDefaultCategories(now, locale));
}

/**
 * When the account's language changes, the default categories the person never renamed (their
 * title is still a default title, in any of the ten languages) take the new language's title;
 * renamed ones are the person's and stay. Answers whether any changed. Without this, an
 * account that signed up in English and switched to German kept "Work", "Personal", ...
 */
export async function retitleDefaultCategories(
  db: Kysely<Schema>,
  userId: string,
  locale: string,
  now: number,
): Promise<boolean> {
  const titles = DEFAULT_TITLES[isSupportedLocale(locale) ? locale : 'en'];
  let changed = false;
  for (const { key } of DEFAULT_CATEGORIES) {
    const category = await getCategory(db, userId, key);
    if (!category || category.title === titles[key]) continue;
    const isDefaultTitle = Object.values(DEFAULT_TITLES).some((t) => t[key] === category.title);
    if (!isDefaultTitle) continue;
    await saveCategory(db, userId, { ...category, title: titles[key], updatedAt: now });
    changed = true;
  }
  return changed;
}
