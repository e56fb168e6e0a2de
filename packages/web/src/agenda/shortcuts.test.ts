import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const key = (k: string, target: EventTarget | null = document.body, extra = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...extra,
});

describe('agenda shortcuts', () => {
  it('maps next, pause, new task and today', () => {
    expect(shortcutFor(key('x'))).toBe('next');
    expect(shortcutFor(key('P'))).toBe('pause');
    expect(shortcutFor(key('n'))).toBe('newTask');
    expect(shortcutFor(key('t'))).toBe('today');
  });

  it('stays out of the way while typing or with modifiers', () => {
    const input = document.createElement('input');
    expect(shortcutFor(key('x', input))).toBeNull();
    expect(shortcutFor(key('t', document.body, { ctrlKey: true }))).toBeNull();
  });
});
