/**
 * Category data both sides share: the palette, the default categories of a new account and the
 * name rule. Titles are translation keys; the UI words them.
 */
import { type CategoryIcon } from './category-icons';

/** The 16 palette names of the spec, in its order (Material colour name and shade). */
export const CATEGORY_COLORS = [
  'Red-500',
  'Pink-500',
  'Purple-500',
  'DeepPurple-500',
  'Indigo-500',
  'Blue-500',
  'LightBlue-500',
  'Cyan-500',
  'Teal-500',
  'Green-500',
  'LightGreen-500',
  'Lime-500',
  'Yellow-600',
  'Amber-600',
  'Orange-600',
  'DeepOrange-500',
] as const;

export type CategoryColor = (typeof CATEGORY_COLORS)[number];

export function isCategoryColor(name: string): name is CategoryColor {
  return (CATEGORY_COLORS as readonly string[]).includes(name);
}

export interface DefaultCategory {
  /** Stable identity, so seeding a new account is idempotent. */
  key: 'work' | 'personal' | 'study' | 'health';
  /** Translation key of the title; the server stores the title in the account's locale. */
  titleKey: string;
  color: CategoryColor;
  icon: CategoryIcon;
}

/** The 4 categories every new account gets (they count toward the category limit). */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { key: 'work', titleKey: 'categories.default.work', color: 'Blue-500', icon: 'work' },
  { key: 'personal', titleKey: 'categories.default.personal', color: 'Green-500', icon: 'person' },
  { key: 'study', titleKey: 'categories.default.study', color: 'Purple-500', icon: 'school' },
  { key: 'health', titleKey: 'categories.default.health', color: 'Red-500', icon: 'favorite' },
];
