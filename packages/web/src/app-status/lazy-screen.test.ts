import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './lazy-screen';
import { reportFrontendError } from './report-errors';

vi.mock('./report-errors', () => ({ reportFrontendError: vi.fn() }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(reportFrontendError).mockReset();
});

const never = () => new Promise<{ default: string }>(() => {});

describe('loadChunk', () => {
  it('fails after 120 s without an answer, and reports it', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = vi.fn();
    loadChunk('SettingsPage', never).then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error: unknown = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(String(error)).toContain('Loading SettingsPage timed out after 120000 ms');
    expect(reportFrontendError).toHaveBeenCalledWith(error);
  });

  it('fails at once on a load error, and reports it', async () => {
    const failed = loadChunk('HelpPage', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failed).rejects.toThrow('Loading HelpPage failed');
    expect(reportFrontendError).toHaveBeenCalledTimes(1);
    expect(reportFrontendError).toHaveBeenCalledWith(
      expect.any(ChunkLoadError),
      'Caused by: Failed to fetch dynamically imported module',
    );
  });

  it('answers the module when it arrives in time, reporting nothing', async () => {
    const slow = loadChunk(
      'AboutPage',
      () => new Promise<string>((resolve) => setTimeout(() => resolve('module'), 60_000)),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(slow).resolves.toBe('module');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(reportFrontendError).not.toHaveBeenCalled();
  });
});
