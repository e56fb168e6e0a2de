import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../components/toast-store';
import { withSavingToast } from './saving-toast';

describe('withSavingToast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toasts.getToasts().forEach((toast) => toasts.dismiss(toast.id));
    vi.useRealTimers();
  });

  function pending() {
    let resolve: (value: string) => void = () => {};
    const promise = new Promise<string>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  it('shows nothing for a save that answers within the delay', async () => {
    const save = pending();
    const result = withSavingToast(() => save.promise, 1000);
    await vi.advanceTimersByTimeAsync(999);
    save.resolve('ok');
    await expect(result).resolves.toBe('ok');
    await vi.advanceTimersByTimeAsync(10);
    expect(toasts.getToasts()).toEqual([]);
  });

  it('shows the saving toast after the delay and removes it when the save settles', async () => {
    const save = pending();
    const result = withSavingToast(() => save.promise, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(toasts.getToasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts.getToasts().map((t) => t.key)).toEqual(['editors:saving']);
    save.resolve('done');
    await result;
    expect(toasts.getToasts()).toEqual([]);
  });

  it('removes the toast when the save fails too', async () => {
    const result = withSavingToast(
      () => new Promise((_, reject) => setTimeout(() => reject(new Error('down')), 2000)),
      1000,
    );
    const settled = expect(result).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(1500);
    expect(toasts.getToasts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    await settled;
    expect(toasts.getToasts()).toEqual([]);
  });
});
