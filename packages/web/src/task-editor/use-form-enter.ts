import { useRef, type KeyboardEvent } from 'react';

/** Enter in a one-line box of the form; not in text areas, lists or the pickers' dialogs. */
function isFormEnter(event: KeyboardEvent): boolean {
  const target = event.target;
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    target instanceof HTMLInputElement &&
    ['text', 'number', 'search'].includes(target.type) &&
    target.closest('[role="dialog"]') === null
  );
}

/**
 * The task form's Enter: saves, or with Ctrl or Cmd asks Do It Now (when `askDoItNow` is given).
 * Enter's save runs with the form as it is after the key: a field that reads its text on Enter
 * (the time needed) has updated the form synchronously, and this render's save holds it.
 */
export function useFormEnter(save: () => Promise<void>, askDoItNow: (() => void) | undefined) {
  const saveRef = useRef(save);
  saveRef.current = save;
  return function onKeyDown(event: KeyboardEvent) {
    if (!isFormEnter(event)) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) askDoItNow?.();
    else void saveRef.current();
  };
}
