import type { Kysely } from 'kysely';
import { known, type Statement } from '../db/together';
import type { Schema } from '../db/schema';
import { UserLru } from '../db/user-lru';
import { knownCalendarRevision } from '../plan-store/timeline-repository';
import { categoriesRead } from './categories-repository';
import type { Category } from './category';

/** Users whose categories are kept (least recently used dropped first). */
const MAX_USERS = 10_000;

const cache = new UserLru<{ revision: number; categories: readonly Category[] }>(MAX_USERS);

/**
 * The user's categories as a statement, read through a cache keyed on the calendar revision the
 * call already read with its state row (every category write bumps it, in the writing
 * transaction, on whichever server process): nothing is sent on a hit. Without a known revision,
 * straight from the database. The answer is shared: read it, never change it.
 */
export function cachedCategoriesRead(
  db: Kysely<Schema>,
  userId: string,
): Statement<readonly Category[]> {
  const revision = knownCalendarRevision(db, userId);
  if (revision === undefined) return categoriesRead(db, userId);
  const hit = cache.get(userId);
  if (hit?.revision === revision) return known(hit.categories);
  const read = categoriesRead(db, userId);
  return {
    query: read.query,
    read: (result) => {
      const categories = read.read(result);
      cache.set(userId, { revision, categories });
      return categories;
    },
  };
}
