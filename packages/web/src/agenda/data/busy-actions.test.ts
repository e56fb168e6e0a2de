import { describe, expect, it } from 'vitest';
import { isBusy, runExclusive } from './busy-actions';

describe('runExclusive', () => {
  it('does not run an action again while its request runs', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const slow = () =>
      new Promise<string>((resolve) => {
        runs += 1;
        release = () => resolve('done');
      });
    const first = runExclusive('next', slow);
    const second = await runExclusive('next', slow);
    expect(second).toBeUndefined();
    expect(isBusy('next')).toBe(true);
    release();
    expect(await first).toBe('done');
    expect(isBusy('next')).toBe(false);
    expect(runs).toBe(1);
  });

  it('lets different actions run side by side and frees a failed one', async () => {
    await expect(runExclusive('pause', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(isBusy('pause')).toBe(false);
    expect(await runExclusive('shuffle', async () => 1)).toBe(1);
  });
});
