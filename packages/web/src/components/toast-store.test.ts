import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, DEFAULT_TOAST_MS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a toast after 5 s by default', () => {
    const store = createToastStore();
    store.show({ key: 'feedback.thankYou' });
    expect(DEFAULT_TOAST_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('keeps a toast for its own timeout', () => {
    const store = createToastStore();
    store.show({ key: 'account.messages.recoveryEmailSent', timeoutMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('ignores a duplicate of a message already showing', () => {
    const store = createToastStore();
    expect(store.show({ key: 'errors.withMessage', values: { message: 'x' } })).not.toBeNull();
    expect(store.show({ key: 'errors.withMessage', values: { message: 'x' } })).toBeNull();
    expect(store.show({ key: 'errors.withMessage', values: { message: 'y' } })).not.toBeNull();
    expect(store.getToasts()).toHaveLength(2);
  });

  it('shows the same message again once the first one is gone', () => {
    const store = createToastStore();
    const first = store.show({ key: 'feedback.thankYou' });
    expect(first).not.toBeNull();
    store.dismiss(first ?? 0);
    expect(store.show({ key: 'feedback.thankYou' })).not.toBeNull();
  });

  it('tells subscribers about changes', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ key: 'feedback.thankYou' });
    store.dismiss(id ?? 0);
    unsubscribe();
    store.show({ key: 'feedback.thankYou' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('toasts with an action', () => {
  it('are never dropped as duplicates: each Undo belongs to its own change', () => {
    const store = createToastStore();
    const action = { key: 'editors:undo', onClick: () => {} };
    expect(store.show({ key: 'editors:task.deleted', action })).not.toBeNull();
    expect(store.show({ key: 'editors:task.deleted', action })).not.toBeNull();
    expect(store.getToasts()).toHaveLength(2);
  });
});
