import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { UserLru } from '../db/user-lru';
import { knownCalendarRevision } from '../timeline/timeline-repository';
import { listCategories } from './categories-repository';
import type { Category } from './category';

/** Users whose categories are kept (least recently used dropped first). */
const MAX_USERS = 10_000;

const cache = new UserLru<{ revision: number; categories: readonly Category[] }>(MAX_USERS);

/**
 * The user's categories, read through a cache keyed on the calendar revision the call already
 * read with its state row (every category write bumps it, in the writing transaction, on
 * whichever server process). Without a known revision, straight from the database.
 * The answer is shared: read it, never change it.
 */
export async function categoriesOf(
  db: Kysely<Schema>,
  userId: string,
): Promise<readonly Category[]> {
  const revision = knownCalendarRevision(db, userId);
  if (revision === undefined) return listCategories(db, userId);
  const hit = cache.get(userId);
  if (hit?.revision === revision) return hit.categories;
  const categories = await listCategories(db, userId);
  cache.set(userId, { revision, categories });
  return categories;
}
