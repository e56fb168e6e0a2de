import { useEffect, useRef } from 'react';
import {
  defaultCategory,
  useCategories,
  useCategorySuggestions,
  type PlainCategory,
} from '../categories/categories-api';

/**
 * A new task starts with a category chosen for it (categories-api's defaultCategory), and follows
 * the guess for its title until the person picks one themselves. `apply` sets it as both the
 * form's value and its starting point, so a preselection alone never counts as an edit.
 */
export function useCategoryPreselect(
  isNew: boolean,
  title: string,
  current: PlainCategory | undefined,
  apply: (category: PlainCategory) => void,
): void {
  const categories = useCategories().data;
  const guess = useCategorySuggestions(title, isNew).data?.category;
  const preselected = useRef<string | undefined>(undefined);
  const isPickedByPerson = current !== undefined && current.id !== preselected.current;
  const target = isNew && !isPickedByPerson ? defaultCategory(categories, guess) : undefined;
  useEffect(() => {
    if (!target || target.id === current?.id) return;
    preselected.current = target.id;
    apply(target);
  }, [target?.id]);
}
