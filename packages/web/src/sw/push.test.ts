import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleNotificationClick, handlePush, installPush, workerTexts } from './push';

// A ServiceWorkerGlobalScope reduced to what push.ts touches: its registration's
// showNotification, its clients and its origin; fetch is the API's HTTP edge.

interface FakeTab {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeScope(tabs: FakeTab[] = [], languages = ['en-US']) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: { origin: 'https://planner.example' },
    navigator: { languages },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      matchAll: vi.fn(() => Promise.resolve(tabs)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    listeners,
  };
  return scope;
}
type Scope = ServiceWorkerGlobalScope;

function tab(url = 'https://planner.example/agenda'): FakeTab {
  return { url, focus: vi.fn(() => Promise.resolve()), postMessage: vi.fn() };
}

function fakeNotification(data: unknown, tag = 'task:1') {
  return { data, tag, close: vi.fn() } as unknown as Notification;
}

const NOTIFICATION = {
  type: 'notification',
  kind: 'task',
  title: 'Write the report',
  body: 'Starts now (30 min)',
  route: '/agenda',
  tag: 'task:1',
  timestamp: Date.UTC(2026, 10, 24, 9),
  actions: ['takeBreak', { action: 'moreTime', title: 'Noch 30 Minuten' }, 'deleteEverything'],
  actionToken: 'tok-123',
};

afterEach(() => vi.unstubAllGlobals());

describe('push event', () => {
  it('shows the notification with its route, token and titled actions, and tells open tabs', async () => {
    const open = tab();
    const sw = fakeScope([open]);
    await handlePush(sw as unknown as Scope, JSON.stringify(NOTIFICATION));
    expect(sw.registration.showNotification).toHaveBeenCalledWith('Write the report', {
      body: 'Starts now (30 min)',
      tag: 'task:1',
      timestamp: NOTIFICATION.timestamp,
      icon: '/icons/icon-192.png',
      data: { route: '/agenda', actionToken: 'tok-123' },
      actions: [
        { action: 'takeBreak', title: 'Take a break' },
        { action: 'moreTime', title: 'Noch 30 Minuten' },
      ],
    });
    expect(open.postMessage).toHaveBeenCalledWith({ source: 'planner-push', push: 'notification' });
  });

  it('titles actions in the browser language and never keeps an off-site route', async () => {
    const sw = fakeScope([], ['zh-CN', 'en']);
    await handlePush(
      sw as unknown as Scope,
      JSON.stringify({ ...NOTIFICATION, route: 'https://evil.example/', actions: ['startNow'] }),
    );
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Write the report',
      expect.objectContaining({
        data: { route: null, actionToken: 'tok-123' },
        actions: [{ action: 'startNow', title: '立即开始' }],
      }),
    );
    expect(workerTexts(['pt-BR']).actions.moreTime).toBe('Mais tempo');
    expect(workerTexts(['sv-SE']).actions.moreTime).toBe('More time');
  });

  it('refresh types show nothing and reach open tabs; junk is ignored', async () => {
    const open = tab();
    const sw = fakeScope([open]);
    await handlePush(sw as unknown as Scope, JSON.stringify({ type: 'categoryUpdated' }));
    await handlePush(sw as unknown as Scope, 'not json');
    await handlePush(sw as unknown as Scope, null);
    expect(sw.registration.showNotification).not.toHaveBeenCalled();
    expect(open.postMessage.mock.calls).toEqual([
      [{ source: 'planner-push', push: 'categoryUpdated' }],
    ]);
  });
});

describe('notificationclick', () => {
  it('runs an action through RunNotificationAction in JSON and refreshes open tabs', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const open = tab();
    const sw = fakeScope([open]);
    const notification = fakeNotification({ route: '/agenda', actionToken: 'tok-123' });
    await handleNotificationClick(sw as unknown as Scope, notification, 'moreTime');
    expect(notification.close).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('https://planner.example/api/RunNotificationAction');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      'app-version': '1.3.143',
    });
    expect(JSON.parse(String(init.body))).toEqual({ actionToken: 'tok-123', action: 'moreTime' });
    expect(open.postMessage).toHaveBeenCalledWith({
      source: 'planner-push',
      push: 'timelineStateUpdated',
    });
    expect(open.focus).not.toHaveBeenCalled();
  });

  it('says so in a notification when the server refuses the action', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('{}', { status: 400, headers: { 'error-code': '3' } })),
      ),
    );
    const sw = fakeScope([], ['de-DE']);
    await handleNotificationClick(
      sw as unknown as Scope,
      fakeNotification({ route: '/agenda', actionToken: 'expired' }),
      'takeBreak',
    );
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Das hat nicht geklappt',
      expect.objectContaining({ body: 'Öffne Planner, um deinen Plan zu ändern.' }),
    );
  });

  it('a tap on the notification focuses an open tab and sends it to the route', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const other = tab('https://elsewhere.example/');
    const open = tab();
    const sw = fakeScope([other, open]);
    await handleNotificationClick(
      sw as unknown as Scope,
      fakeNotification({ route: '/reminders', actionToken: 'tok' }),
      '',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({
      source: 'planner-push',
      navigate: '/reminders',
    });
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still sends the tab to the route when the browser refuses to focus it', async () => {
    const open = tab();
    open.focus.mockImplementation(() =>
      Promise.reject(new DOMException('Not allowed to focus a window.', 'InvalidAccessError')),
    );
    const sw = fakeScope([open]);
    await handleNotificationClick(
      sw as unknown as Scope,
      fakeNotification({ route: '/agenda', actionToken: null }),
      '',
    );
    expect(open.postMessage).toHaveBeenCalledWith({ source: 'planner-push', navigate: '/agenda' });
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the route when no tab is open', async () => {
    const sw = fakeScope([]);
    await handleNotificationClick(
      sw as unknown as Scope,
      fakeNotification({ route: '/reminders', actionToken: null }),
      '',
    );
    expect(sw.clients.openWindow).toHaveBeenCalledWith('/reminders');
  });

  it('installPush wires push and notificationclick to the handlers with waitUntil', async () => {
    const sw = fakeScope([]);
    installPush(sw as unknown as Scope);
    const waitUntil = vi.fn();
    sw.listeners.get('push')?.({
      data: { text: () => JSON.stringify(NOTIFICATION) },
      waitUntil,
    });
    await waitUntil.mock.calls[0]?.[0];
    expect(sw.registration.showNotification).toHaveBeenCalledTimes(1);
    expect([...sw.listeners.keys()]).toEqual(['push', 'notificationclick']);
  });
});
