export type ShortcutAction =
  'next' | 'pause' | 'newTask' | 'today' | 'dayView' | 'weekView' | 'search' | 'focus' | 'help';

/** Single keys, as in mail and calendar apps; never while typing in a field. */
export const SHORTCUT_KEYS: Readonly<Record<string, ShortcutAction>> = {
  x: 'next',
  p: 'pause',
  n: 'newTask',
  t: 'today',
  d: 'dayView',
  w: 'weekView',
  '/': 'search',
  f: 'focus',
  '?': 'help',
};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The agenda shortcut a key press stands for, or null (modifiers, typing, dialogs open). */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"], [role="menu"]'))
    return null;
  return SHORTCUT_KEYS[event.key.toLowerCase()] ?? SHORTCUT_KEYS[event.key] ?? null;
}
