import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AWAY_RELOAD_MS,
  refreshOnReturn,
  SHOWN_HEARTBEAT_MS,
  watchVisibility,
  type VisibilityHandlers,
} from './visibility';

let state: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState): void {
  state = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

function handlers() {
  return {
    onHidden: vi.fn<VisibilityHandlers['onHidden']>(),
    onShown: vi.fn<VisibilityHandlers['onShown']>(),
    onStillShown: vi.fn<VisibilityHandlers['onStillShown']>(),
  };
}

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 0) });
  state = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the 10-minute rule', () => {
  it('reloads the timeline only after more than 10 minutes away', () => {
    expect(refreshOnReturn(AWAY_RELOAD_MS)).toBe('refreshState');
    expect(refreshOnReturn(AWAY_RELOAD_MS + 1)).toBe('reloadTimeline');
    expect(refreshOnReturn(0)).toBe('refreshState');
  });

  it('measures the time away on the device clock', () => {
    const h = handlers();
    stop = watchVisibility(document, window, () => Date.now(), h);
    setVisibility('hidden');
    expect(h.onHidden).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AWAY_RELOAD_MS + 1_000);
    setVisibility('visible');
    expect(h.onShown).toHaveBeenCalledWith(AWAY_RELOAD_MS + 1_000);
    expect(refreshOnReturn(h.onShown.mock.calls[0]?.[0] ?? 0)).toBe('reloadTimeline');

    setVisibility('hidden');
    vi.advanceTimersByTime(3 * 60_000);
    setVisibility('visible');
    expect(h.onShown).toHaveBeenLastCalledWith(3 * 60_000);
  });
});

describe('watchVisibility', () => {
  it('says the page is shown at the start and every 2 minutes while it stays shown', () => {
    const h = handlers();
    stop = watchVisibility(document, window, () => Date.now(), h);
    expect(h.onStillShown).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SHOWN_HEARTBEAT_MS * 2);
    expect(h.onStillShown).toHaveBeenCalledTimes(3);
    setVisibility('hidden');
    vi.advanceTimersByTime(SHOWN_HEARTBEAT_MS * 5);
    expect(h.onStillShown).toHaveBeenCalledTimes(3);
  });

  it('counts pagehide as hidden once, and a page opened in the background as away', () => {
    state = 'hidden';
    const h = handlers();
    stop = watchVisibility(document, window, () => Date.now(), h);
    expect(h.onStillShown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    setVisibility('visible');
    expect(h.onShown).toHaveBeenCalledWith(5_000);

    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(h.onHidden).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const h = handlers();
    watchVisibility(document, window, () => Date.now(), h)();
    setVisibility('hidden');
    vi.advanceTimersByTime(SHOWN_HEARTBEAT_MS * 2);
    expect(h.onHidden).not.toHaveBeenCalled();
    expect(h.onStillShown).toHaveBeenCalledTimes(1);
  });
});
