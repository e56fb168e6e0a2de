import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../db/schema';
import { preparedQuery } from '../db/prepared';
import { runStatement, statement, type Statement } from '../db/together';
import { bumpCalendarRevision } from '../plan-store/timeline-repository';
import type { Category } from './category';
import type { CategoryRow } from './tables';

type Db = Kysely<Schema>;

function toCategory(row: Selectable<CategoryRow>): Category {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color,
    icon: row.icon,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(userId: string, category: Category): CategoryRow {
  return {
    user_id: userId,
    id: category.id,
    title: category.title,
    description: category.description,
    color: category.color,
    icon: category.icon,
    created_at: category.createdAt,
    updated_at: category.updatedAt,
  };
}

// Every write below bumps the user's calendar revision first: event instances carry their
// category's colour, and the timeline caches them on that revision.

export async function insertCategories(
  db: Db,
  userId: string,
  categories: readonly Category[],
): Promise<void> {
  if (categories.length === 0) return;
  await bumpCalendarRevision(db, userId);
  await db
    .insertInto('categories')
    .values(categories.map((c) => toRow(userId, c)))
    .execute();
}

/** Writes every field of an existing category; false when the user has no such category. */
export async function saveCategory(db: Db, userId: string, category: Category): Promise<boolean> {
  const { user_id: _u, id: _i, ...values } = toRow(userId, category);
  await bumpCalendarRevision(db, userId);
  const result = await db
    .updateTable('categories')
    .set(values)
    .where('user_id', '=', userId)
    .where('id', '=', category.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's category, or undefined (another user's id reads as missing). */
export async function getCategory(
  db: Db,
  userId: string,
  id: string,
): Promise<Category | undefined> {
  const row = await db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

/** True when the user owns a category with this id (invalid.chooseCategory otherwise). */
export async function categoryExists(db: Db, userId: string, id: string): Promise<boolean> {
  if (id === '') return false;
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every category of the user, oldest first (the defaults lead). */
const categoriesOfUser = preparedQuery((db, $) =>
  db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', $<string>(0))
    .orderBy('created_at')
    .orderBy('id'),
);

export function categoriesRead(db: Db, userId: string): Statement<Category[]> {
  return statement(categoriesOfUser.with(db, [userId]), ({ rows }) => rows.map(toCategory));
}

export function listCategories(db: Db, userId: string): Promise<Category[]> {
  return runStatement(db, categoriesRead(db, userId));
}

export async function countCategories(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** False when the user has no such category. */
export async function deleteCategoryRow(db: Db, userId: string, id: string): Promise<boolean> {
  await bumpCalendarRevision(db, userId);
  const result = await db
    .deleteFrom('categories')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
