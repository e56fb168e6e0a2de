import { PLANNING_CONSTANTS, type ChecklistItem } from '@planner/core';
import { useEffect, useRef } from 'react';

/**
 * Saves checklist edits of an existing task on their own, 3 s after the last change (spec 7).
 * `isPending` says whether the checklist differs from the saved one; `save` sends it. A change
 * still waiting when the screen closes is sent at once.
 */
export function useChecklistAutosave(
  checklist: readonly ChecklistItem[],
  isPending: boolean,
  save: () => Promise<void>,
  isEnabled: boolean,
): { cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestSave = useRef(save);
  latestSave.current = save;
  const pending = useRef(false);
  pending.current = isEnabled && isPending;

  useEffect(() => {
    if (!isEnabled || !isPending) return undefined;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void latestSave.current();
    }, PLANNING_CONSTANTS.checklistSaveDebounceMs);
    return () => clearTimeout(timer.current);
  }, [checklist, isPending, isEnabled]);

  useEffect(
    () => () => {
      if (timer.current !== undefined && pending.current) void latestSave.current();
    },
    [],
  );

  return {
    cancel: () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
  };
}
