import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { endSession, startSession } from '../api/session';
import { initTestI18n } from '../test/render';
import type { NativeIntegration as NativeIntegrationType } from './NativeIntegration';
import {
  installFakeNative,
  uninstallFakeNative,
  type FakeNativeLayer,
} from './testing/fake-native';

let native: FakeNativeLayer;
let NativeIntegration: typeof NativeIntegrationType;

beforeAll(async () => {
  native = installFakeNative();
  ({ NativeIntegration } = await import('./NativeIntegration'));
  // The shell loads its bridge (and @capacitor/*) on demand: loaded here once, so the waits
  // below wait for what the app does, not for the first import of those modules.
  await (await import('../bridge/bridge')).getBridge();
});
afterAll(() => uninstallFakeNative());

function Where() {
  const location = useLocation();
  return <output aria-label="route">{location.pathname}</output>;
}

function renderShell(entries: string[]) {
  initTestI18n();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <NativeIntegration />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const route = () => screen.getByRole('status', { name: 'route' }).textContent;

beforeEach(() => {
  native.reset();
  // The timeline is out of reach in these tests: scheduling fails and is only reported.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  for (const method of ['setApiConfig', 'takePendingRoutes', 'capabilities'])
    native.on('PlannerNative', method, () =>
      method === 'takePendingRoutes' ? { routes: [] } : {},
    );
  native.on('App', 'getLaunchUrl', () => ({}));
  native.on('App', 'exitApp', () => undefined);
  native.on('LocalNotifications', 'registerActionTypes', () => undefined);
  native.on('LocalNotifications', 'getPending', () => ({ notifications: [{ id: 9 }] }));
  native.on('LocalNotifications', 'cancel', () => undefined);
  native.on('LocalNotifications', 'removeAllDeliveredNotifications', () => undefined);
  startSession('session-token');
});

describe('the native shell integration', () => {
  it('goes back on Android Back, and exits the app on the agenda', async () => {
    renderShell(['/agenda', '/settings']);
    await native.listening('App', 'backButton');
    expect(route()).toBe('/settings');
    act(() => native.emit('App', 'backButton', { canGoBack: true }));
    await vi.waitFor(() => expect(route()).toBe('/agenda'));
    expect(native.callsTo('App', 'exitApp')).toEqual([]);
    const exits = native.nextCall('App', 'exitApp');
    act(() => native.emit('App', 'backButton', { canGoBack: false }));
    await exits;
    expect(native.callsTo('App', 'exitApp')).toHaveLength(1);
  });

  it('opens the routes of links, notification taps and widgets', async () => {
    native.on('PlannerNative', 'takePendingRoutes', () => ({
      routes: ['/agenda/day/1774771800000'],
    }));
    renderShell(['/agenda']);
    await vi.waitFor(() => expect(route()).toBe('/agenda/day/1774771800000'));
    await native.listening('App', 'appUrlOpen');
    expect(native.listenerCount('App', 'appUrlOpen')).toBe(1);
    act(() => native.emit('App', 'appUrlOpen', { url: 'app.planner://settings' }));
    await vi.waitFor(() => expect(route()).toBe('/settings'));
    act(() =>
      native.emit('LocalNotifications', 'localNotificationActionPerformed', {
        actionId: 'tap',
        notification: { id: 3, extra: { route: '/agenda/day/5', kind: 'event' } },
      }),
    );
    await vi.waitFor(() => expect(route()).toBe('/agenda/day/5'));
    // On resume the widgets' queued routes are opened.
    native.on('PlannerNative', 'takePendingRoutes', () => ({ routes: ['/tasks'] }));
    native.on('PlannerNative', 'calendarSyncStatus', () => ({ status: 'denied', message: '' }));
    act(() => native.emit('App', 'resume', {}));
    await vi.waitFor(() => expect(route()).toBe('/tasks'));
  });

  it('registers the categories, hands over the API address and token, and clears on sign-out', async () => {
    const configured = native.nextCall('PlannerNative', 'setApiConfig');
    const categories = native.nextCall('LocalNotifications', 'registerActionTypes');
    renderShell(['/agenda']);
    await configured;
    expect(native.callsTo('PlannerNative', 'setApiConfig')).toEqual([
      { baseUrl: 'http://localhost:3000/api', token: 'session-token' },
    ]);
    await categories;
    expect(native.callsTo('LocalNotifications', 'registerActionTypes')).toHaveLength(1);
    const [registered] = native.callsTo('LocalNotifications', 'registerActionTypes');
    expect((registered?.['types'] as { id: string }[]).map((type) => type.id)).toEqual([
      'taskUpNext',
      'taskUpNextAfterTask',
      'longTimeblock',
      'timeblockNearEnd',
    ]);
    const cancelled = native.nextCall('LocalNotifications', 'cancel');
    act(() => endSession());
    await cancelled;
    expect(native.callsTo('LocalNotifications', 'cancel')).toEqual([
      { notifications: [{ id: 9 }] },
    ]);
    expect(native.callsTo('PlannerNative', 'setApiConfig').at(-1)).toEqual({
      baseUrl: 'http://localhost:3000/api',
      token: null,
    });
  });
});
