import type { Category } from './category';

/** A category with every field filled; tests override what they care about. */
export function buildCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 'c1',
    title: 'Reading',
    description: '',
    color: 'Teal-500',
    icon: 'label',
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}
