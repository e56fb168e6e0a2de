import { DAY_MS } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { listTaskSpans } from './tracked-time';
import { listTasks } from '../tasks/tasks-repository';
import { listCategories } from '../categories/categories-repository';
import type { Category } from '../categories/category';
import { titleSimilarity, titleWords } from './title-similarity';

type Db = Kysely<Schema>;

/** Spec 9: category suggestions are the 5 most used categories of the last 60 days. */
const SUGGESTION_COUNT = 5;
const USAGE_WINDOW_MS = 60 * DAY_MS;
/** How many past tasks are compared with the typed title (the most recently changed). */
const HISTORY_SIZE = 1000;

export interface CategoryGuess {
  /** The best guess; null when the user has no category. */
  category: Category | null;
  suggestions: Category[];
}

/** Category id -> time tracked in it over the last 60 days, plus one per task changed then. */
async function usageByCategory(db: Db, userId: string, now: number, recent: RecentTask[]) {
  const usage = new Map<string, number>();
  const add = (id: string, value: number) => usage.set(id, (usage.get(id) ?? 0) + value);
  for (const span of await listTaskSpans(db, userId, now - USAGE_WINDOW_MS, now, now)) {
    add(span.categoryId, span.end - span.start);
  }
  // A task planned but not yet worked on still shows the category is in use.
  for (const task of recent) if (task.updatedAt >= now - USAGE_WINDOW_MS) add(task.categoryId, 1);
  return usage;
}

interface RecentTask {
  title: string;
  categoryId: string;
  updatedAt: number;
}

/** Category id -> summed title similarity of the user's past tasks to the typed title. */
function similarityByCategory(title: string, recent: RecentTask[]): Map<string, number> {
  const typed = titleWords(title);
  const scores = new Map<string, number>();
  if (typed.size === 0) return scores;
  for (const task of recent) {
    const score = titleSimilarity(typed, titleWords(task.title));
    if (score > 0) scores.set(task.categoryId, (scores.get(task.categoryId) ?? 0) + score);
  }
  return scores;
}

function ranked(scores: Map<string, number>, known: Map<string, Category>): Category[] {
  return [...scores.entries()]
    .filter(([id, score]) => score > 0 && known.has(id))
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .flatMap(([id]) => known.get(id) ?? []);
}

/**
 * A category for a task being typed, from the user's own history: the categories of past tasks
 * whose titles share words with it, best first; then the most used categories of the last 60
 * days; then the remaining categories in their order.
 */
export async function guessTaskCategory(
  db: Db,
  userId: string,
  title: string,
  now: number,
): Promise<CategoryGuess> {
  const categories = await listCategories(db, userId);
  const known = new Map(categories.map((c) => [c.id, c]));
  const recent: RecentTask[] = (
    await listTasks(db, userId, { status: 'all', offset: 0, limit: HISTORY_SIZE, keyword: '' })
  ).map((t) => ({ title: t.title, categoryId: t.categoryId, updatedAt: t.updatedAt }));
  const order = [
    ...ranked(similarityByCategory(title, recent), known),
    ...ranked(await usageByCategory(db, userId, now, recent), known),
    ...categories,
  ];
  const suggestions = [...new Map(order.map((c) => [c.id, c])).values()].slice(0, SUGGESTION_COUNT);
  return { category: suggestions[0] ?? null, suggestions };
}
