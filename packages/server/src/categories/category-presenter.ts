import type { Category as WireCategory, Plain } from '@planner/protocol';
import type { Category } from './category';

export function presentCategory(category: Category): Plain<WireCategory> {
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    color: category.color,
    icon: category.icon,
    updatedAt: category.updatedAt,
  };
}
