import { CATEGORY_COLORS, CATEGORY_ICONS, DEFAULT_CATEGORIES } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import {
  categoryExists,
  countCategories,
  deleteCategoryRow,
  getCategory,
  insertCategories,
  listCategories,
  saveCategory,
} from './categories-repository';
import { buildCategory } from './category-factory';
import { createDefaultCategories } from './default-categories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('categories repository (contract, SQLite or DATABASE_URL)', () => {
  it('round-trips every field and saves changes', async () => {
    const category = buildCategory({ id: 'rt', description: 'Books and papers', icon: 'school' });
    await insertCategories(database.db, 'u1', [category]);
    expect(await getCategory(database.db, 'u1', 'rt')).toEqual(category);
    const changed = { ...category, title: 'Deep reading', color: 'Amber-600', updatedAt: 5 };
    expect(await saveCategory(database.db, 'u1', changed)).toBe(true);
    expect(await getCategory(database.db, 'u1', 'rt')).toEqual(changed);
  });

  it("reads another user's category as missing and never changes it", async () => {
    await insertCategories(database.db, 'owner', [buildCategory({ id: 'mine' })]);
    expect(await getCategory(database.db, 'intruder', 'mine')).toBeUndefined();
    expect(await categoryExists(database.db, 'intruder', 'mine')).toBe(false);
    expect(await saveCategory(database.db, 'intruder', buildCategory({ id: 'mine' }))).toBe(false);
    expect(await deleteCategoryRow(database.db, 'intruder', 'mine')).toBe(false);
    expect(await categoryExists(database.db, 'owner', 'mine')).toBe(true);
  });

  it('lists oldest first, counts and deletes per user', async () => {
    await insertCategories(database.db, 'u2', [
      buildCategory({ id: 'b', createdAt: 20 }),
      buildCategory({ id: 'a', createdAt: 10 }),
    ]);
    expect((await listCategories(database.db, 'u2')).map((c) => c.id)).toEqual(['a', 'b']);
    expect(await countCategories(database.db, 'u2')).toBe(2);
    expect(await deleteCategoryRow(database.db, 'u2', 'a')).toBe(true);
    expect(await countCategories(database.db, 'u2')).toBe(1);
    expect(await categoryExists(database.db, 'u2', '')).toBe(false);
  });

  it('seeds the 4 default categories in the account language, with palette colours and icons', async () => {
    await createDefaultCategories(database.db, 'new-de', 1_000_000, 'de');
    const categories = await listCategories(database.db, 'new-de');
    expect(categories.map((c) => c.id)).toEqual(DEFAULT_CATEGORIES.map((c) => c.key));
    expect(categories.map((c) => c.title)).toEqual(['Arbeit', 'Privat', 'Lernen', 'Gesundheit']);
    for (const c of categories) {
      expect(CATEGORY_COLORS).toContain(c.color);
      expect(CATEGORY_ICONS).toContain(c.icon);
      expect(c.updatedAt).toBe(1_000_000);
    }
    await createDefaultCategories(database.db, 'new-xx', 1_000_000, 'xx');
    expect((await listCategories(database.db, 'new-xx'))[0]?.title).toBe('Work');
  });
});
