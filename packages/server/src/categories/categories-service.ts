import { randomUUID } from 'node:crypto';
import {
  CATEGORY_COLORS,
  DEFAULT_CATEGORY_ICON,
  hasRoomFor,
  isCategoryColor,
  isCategoryIcon,
  limitErrorCode,
  limitsFor,
  validateCategoryName,
  type TierInput,
} from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { AppError, invalid, notFound } from '../rpc/errors';
import { loadTimelineState } from '../plan-store/timeline-state';
import {
  countCategories,
  deleteCategoryRow,
  getCategory,
  insertCategories,
  listCategories,
  saveCategory,
} from './categories-repository';
import type { Category } from './category';

type Db = Kysely<Schema>;

/** The message of the limit error: the client shows the premium dialog for this limit. */
const CATEGORY_LIMIT_MESSAGE = 'numCategories';

export interface CategoryInput {
  /** '' for a new category. */
  id: string;
  title: string;
  description: string;
  /** '' picks the first palette colour the user does not use yet. */
  color: string;
  /** '' picks the default icon. */
  icon: string;
}

export function getCategories(db: Db, userId: string): Promise<Category[]> {
  return listCategories(db, userId);
}

function checkInput(input: CategoryInput): { title: string; description: string } {
  const name = validateCategoryName(input.title);
  if (!name.ok) throw invalid(name.error);
  const title = name.name;
  const description = input.description.trim();
  if (input.color !== '' && !isCategoryColor(input.color)) throw invalid('invalid.categoryColor');
  if (input.icon !== '' && !isCategoryIcon(input.icon)) throw invalid('invalid.categoryIcon');
  return { title, description };
}

function unusedColor(categories: readonly Category[]): string {
  const used = new Set(categories.map((c) => c.color));
  return CATEGORY_COLORS.find((c) => !used.has(c)) ?? CATEGORY_COLORS[0];
}

/** Creates (no id) or changes a category; a new one must fit the tier's category limit. */
export async function putCategory(
  db: Db,
  userId: string,
  input: CategoryInput,
  now: number,
  tier: TierInput,
): Promise<Category> {
  const { title, description } = checkInput(input);
  if (input.id !== '') {
    const existing = await getCategory(db, userId, input.id);
    if (!existing) throw notFound();
    const changed: Category = {
      ...existing,
      title,
      description,
      color: input.color || existing.color,
      icon: input.icon || existing.icon,
      updatedAt: now,
    };
    await saveCategory(db, userId, changed);
    return changed;
  }
  // Locks the user's timeline row on PostgreSQL so two concurrent creations cannot both fit.
  await loadTimelineState(db, userId, now, true);
  const count = await countCategories(db, userId);
  if (!hasRoomFor(count, limitsFor(tier).categories)) {
    throw new AppError(limitErrorCode(tier.premiumLevel), CATEGORY_LIMIT_MESSAGE);
  }
  const color = input.color || unusedColor(await listCategories(db, userId));
  const category: Category = {
    id: randomUUID(),
    title,
    description,
    color,
    icon: input.icon || DEFAULT_CATEGORY_ICON,
    createdAt: now,
    updatedAt: now,
  };
  await insertCategories(db, userId, [category]);
  return category;
}

/**
 * Deletes a category. Tasks and events that used it keep the id and read as uncategorised (the
 * editors then ask for a category before the next save).
 */
export async function deleteCategory(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteCategoryRow(db, userId, id))) throw notFound();
}
