import type { ChecklistItem } from '@planner/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * The editing list with an empty item (id `newId`) right after item `id`, sorts renumbered
 * 0..n-1. Like any empty item, it is dropped from what is saved until it gets text.
 */
export function insertChecklistItemAfter(
  editing: readonly ChecklistItem[],
  id: string,
  newId: string,
): ChecklistItem[] {
  const sorted = [...editing].sort((a, b) => a.sort - b.sort);
  const at = sorted.findIndex((item) => item.id === id);
  if (at < 0) return sorted;
  sorted.splice(at + 1, 0, { id: newId, content: '', done: false, sort: at + 1 });
  return sorted.map((item, sort) => (item.sort === sort ? item : { ...item, sort }));
}

type Caret = 'start' | 'end';

export interface LineFocus {
  /** The ref of line `id`'s box. */
  register: (id: string) => (input: HTMLInputElement | null) => void;
  /** Focuses a line shown now, the caret at its start or end. */
  now: (id: string, caret: Caret) => void;
  /** Focuses a line once it is shown (one the change just made adds). */
  afterRender: (id: string, caret: Caret) => void;
}

function focusAt(input: HTMLInputElement, caret: Caret): void {
  input.focus();
  const at = caret === 'end' ? input.value.length : 0;
  input.setSelectionRange(at, at);
}

/** Moves the focus between the checklist's lines, including one not rendered yet. */
export function useLineFocus(): LineFocus {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const pending = useRef<{ id: string; caret: Caret } | null>(null);
  // After each render: the line asked for may have just appeared.
  useLayoutEffect(() => {
    const wanted = pending.current;
    const input = wanted && inputs.current.get(wanted.id);
    if (!wanted || !input) return;
    pending.current = null;
    focusAt(input, wanted.caret);
  });
  return {
    register: (id) => (input) => {
      if (input) inputs.current.set(id, input);
      else inputs.current.delete(id);
    },
    now: (id, caret) => {
      const input = inputs.current.get(id);
      if (input) focusAt(input, caret);
    },
    afterRender: (id, caret) => {
      pending.current = { id, caret };
    },
  };
}
