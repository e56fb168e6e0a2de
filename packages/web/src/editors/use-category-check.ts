import { validateCategoryChoice } from '@planner/core';
import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * The task and event screens' category rule: a save without a category shows why, and choosing
 * one clears that message again.
 */
export function useCategoryCheck<D extends { category?: { id?: string } }>(
  draft: D,
  setDraft: Dispatch<SetStateAction<D>>,
) {
  const [categoryError, setCategoryError] = useState<string | null>(null);

  function update(change: (d: D) => D) {
    setDraft((d) => {
      const next = change(d);
      if (next.category) setCategoryError(null);
      return next;
    });
  }

  /** True when a category is chosen; otherwise shows the message and answers false. */
  function checkCategory(): boolean {
    const invalid = validateCategoryChoice(draft.category?.id);
    if (invalid) setCategoryError(invalid);
    return !invalid;
  }

  return { categoryError, update, checkCategory };
}
