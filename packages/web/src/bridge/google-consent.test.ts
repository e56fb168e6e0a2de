import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenerWindow } from './oauth-popup';
import { askGoogleCalendarConsent } from './google-consent';

const ORIGIN = 'https://planner.example';

/** A stand-in for the app's window: records the popup it opens and lets the test post to it. */
function fakeHost() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  const host = {
    location: { href: `${ORIGIN}/settings` },
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 800,
    open: vi.fn((_url: string, _target: string, _features: string) => popup),
    addEventListener: (_: 'message', listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_: 'message', listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    setInterval: (handler: () => void, ms: number) => window.setInterval(handler, ms),
    clearInterval: (id: number) => window.clearInterval(id),
    crypto: globalThis.crypto,
  } satisfies OpenerWindow;
  const post = (data: unknown, origin = ORIGIN) =>
    listeners.forEach((listener) => listener(new MessageEvent('message', { data, origin })));
  const stateOfOpened = () => {
    const url = new URL(String(host.open.mock.calls[0]?.[0]));
    return url.searchParams.get('state') ?? '';
  };
  return { host, popup, post, stateOfOpened, listeners };
}

afterEach(() => vi.useRealTimers());

describe('askGoogleCalendarConsent', () => {
  it('opens /api/oauth/google-calendar/start in a 400x600 popup and answers the code', async () => {
    const { host, popup, post, stateOfOpened, listeners } = fakeHost();
    const consent = askGoogleCalendarConsent('/api', host);
    const [url, , features] = host.open.mock.calls[0] ?? [];
    expect(String(url)).toMatch(
      /^https:\/\/planner\.example\/api\/oauth\/google-calendar\/start\?state=[0-9a-f]{48}$/,
    );
    expect(features).toContain('width=400,height=600');
    const state = stateOfOpened();
    // Not ours: another origin, another source, another state.
    post(
      { source: 'planner-google-calendar', state, code: 'evil', redirectUri: 'x' },
      'https://evil.example',
    );
    post({ source: 'planner-oauth', state, token: 't' });
    post({ source: 'planner-google-calendar', state: 'other', code: 'c2', redirectUri: 'x' });
    post({
      source: 'planner-google-calendar',
      state,
      code: 'c1',
      redirectUri: `${ORIGIN}/api/oauth/google-calendar/callback`,
    });
    await expect(consent).resolves.toEqual({
      code: 'c1',
      redirectUri: `${ORIGIN}/api/oauth/google-calendar/callback`,
    });
    expect(popup.close).toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it('counts a closed popup as a cancel, and allows one flow at a time', async () => {
    vi.useFakeTimers();
    const { host, popup } = fakeHost();
    const consent = askGoogleCalendarConsent('/api', host);
    await expect(askGoogleCalendarConsent('/api', fakeHost().host)).rejects.toThrow(
      "Previous OAuth flow hasn't finished",
    );
    popup.closed = true;
    vi.advanceTimersByTime(250);
    await expect(consent).rejects.toThrow('User cancelled oauth');
    // Free again.
    const again = fakeHost();
    const next = askGoogleCalendarConsent('/api', again.host);
    again.post({
      source: 'planner-google-calendar',
      state: again.stateOfOpened(),
      error: 'access_denied',
    });
    await expect(next).rejects.toThrow('User cancelled oauth');
  });

  it("rejects with the provider's error otherwise", async () => {
    const { host, post, stateOfOpened } = fakeHost();
    const consent = askGoogleCalendarConsent('/api', host);
    post({ source: 'planner-google-calendar', state: stateOfOpened(), error: 'server_error' });
    await expect(consent).rejects.toThrow('server_error');
  });
});
