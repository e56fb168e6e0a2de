import { describe, expect, it, vi } from 'vitest';
import {
  CLOSED_POLL_MS,
  OAUTH_BUSY,
  OAUTH_CANCELLED,
  OAUTH_FAILED,
  oauthErrorKey,
  signInWithPopup,
  type OpenerWindow,
} from './oauth-popup';

/** A stand-in window: records what was opened, delivers messages, ticks the poll by hand. */
function fakeHost() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const intervals = new Map<number, () => void>();
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  const opened: { url: string; features: string }[] = [];
  let nextId = 1;
  const host: OpenerWindow = {
    location: { href: 'https://planner.example/login' },
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 800,
    open: (url, _target, features) => {
      opened.push({ url, features });
      return popup;
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    setInterval: (handler) => {
      intervals.set(nextId, handler);
      return nextId++;
    },
    clearInterval: (id) => intervals.delete(id),
    crypto: globalThis.crypto,
  };
  const stateOfFlow = () => new URL(opened.at(-1)?.url ?? '').searchParams.get('state') ?? '';
  return {
    host,
    popup,
    opened,
    stateOfFlow,
    post: (data: unknown, origin = 'https://planner.example') =>
      listeners.forEach((listener) => listener(new MessageEvent('message', { data, origin }))),
    tick: () => intervals.forEach((handler) => handler()),
    listenerCount: () => listeners.size,
  };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );

describe('the sign-in popup', () => {
  it('opens /api/oauth/{provider}/start at 400 x 600 and answers the ticket posted back', async () => {
    const fake = fakeHost();
    const flow = signInWithPopup('google', '/api', fake.host);
    const opened = fake.opened[0];
    expect(opened?.url).toMatch(
      /^https:\/\/planner\.example\/api\/oauth\/google\/start\?state=\w{48}$/,
    );
    expect(opened?.features).toContain('width=400,height=600');
    fake.post({ source: 'planner-oauth', state: fake.stateOfFlow(), token: 'ticket-1' });
    expect(await flow).toBe('ticket-1');
    expect(fake.listenerCount()).toBe(0);
  });

  it('ignores a message with another state or from another origin', async () => {
    const fake = fakeHost();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const flow = settled(signInWithPopup('facebook', '/api', fake.host));
    fake.post({ source: 'planner-oauth', state: 'someone-else', token: 'stolen' });
    fake.post(
      { source: 'planner-oauth', state: fake.stateOfFlow(), token: 'forged' },
      'https://evil.example',
    );
    expect(warn).toHaveBeenCalledOnce();
    fake.post({ source: 'planner-oauth', state: fake.stateOfFlow(), token: 'ours' });
    expect(await flow).toEqual({ value: 'ours' });
    warn.mockRestore();
  });

  it('counts a closed popup as a cancel, looked at every 100 ms', async () => {
    expect(CLOSED_POLL_MS).toBe(100);
    const fake = fakeHost();
    const flow = settled(signInWithPopup('google', '/api', fake.host));
    fake.tick();
    fake.popup.closed = true;
    fake.tick();
    fake.tick();
    expect(await flow).toEqual({ error: OAUTH_CANCELLED });
    expect(oauthErrorKey(new Error('x'))).toBeUndefined();
  });

  it('lets a message posted just before the popup closed through', async () => {
    const fake = fakeHost();
    const flow = signInWithPopup('google', '/api', fake.host);
    fake.popup.closed = true;
    fake.tick();
    fake.post({ source: 'planner-oauth', state: fake.stateOfFlow(), token: 'just-in-time' });
    expect(await flow).toBe('just-in-time');
  });

  it('runs one flow at a time', async () => {
    const fake = fakeHost();
    const first = settled(signInWithPopup('google', '/api', fake.host));
    expect(await settled(signInWithPopup('facebook', '/api', fake.host))).toEqual({
      error: OAUTH_BUSY,
    });
    expect(fake.opened).toHaveLength(1);
    fake.post({ source: 'planner-oauth', state: fake.stateOfFlow(), error: 'failed' });
    expect(await first).toEqual({ error: OAUTH_FAILED });
    // Finished: the next one may start.
    const next = settled(signInWithPopup('facebook', '/api', fake.host));
    fake.post({ source: 'planner-oauth', state: fake.stateOfFlow(), error: 'cancelled' });
    expect(await next).toEqual({ error: OAUTH_CANCELLED });
  });
});
