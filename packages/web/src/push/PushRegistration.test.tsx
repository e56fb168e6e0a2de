import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { endSession, startSession } from '../api/session';
import { onPush } from '../agenda/data/live-updates';
import { timelineStateKey } from '../api/timeline-state';
import { registerSilently, TOKEN_FETCH_DELAY_MS, TOKEN_FETCH_RETRIES } from './push-device';
import { readPushToken, resetPushArrived, usePushArrived } from './push-state';
import { PushRegistration } from './PushRegistration';
import {
  fakeSubscription,
  installFakePush,
  postFromWorker,
  removeFakePush,
  SERVER_KEY,
} from './testing/fake-browser-push';

vi.mock('../api/client', () => ({ call: vi.fn(), chain: vi.fn(), onSessionInvalid: vi.fn() }));
const callMock = vi.mocked(call);

let pushArrived = false;
function Probe() {
  pushArrived = usePushArrived();
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

function mount(client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/agenda']}>
        <PushRegistration onRefresh={onPush} />
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  callMock.mockReset();
  callMock.mockImplementation(async (method) => {
    if (method === 'GetPushConfig') return { vapidPublicKey: SERVER_KEY } as never;
    return {} as never;
  });
  resetPushArrived();
});
afterEach(removeFakePush);

const registerCalls = () => callMock.mock.calls.filter(([method]) => method === 'RegisterDevice');

describe('PushRegistration', () => {
  it('registers the existing subscription again when signed in with permission given', async () => {
    const browser = installFakePush('granted');
    browser.subscription = fakeSubscription(new Uint8Array(65), 'https://push.example/kept');
    startSession('session-token');
    mount();
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    const input = registerCalls()[0]?.[1] as { fcmDeviceToken: string };
    expect(JSON.parse(input.fcmDeviceToken)).toMatchObject({
      endpoint: 'https://push.example/kept',
    });
    await waitFor(() => expect(readPushToken()).toContain('push.example/kept'));
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('asks nothing and registers nothing without permission or without a session', async () => {
    const browser = installFakePush('default');
    startSession('session-token');
    mount().unmount();
    const granted = installFakePush('granted');
    granted.subscription = fakeSubscription(new Uint8Array(65));
    endSession();
    mount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(granted.getSubscription).not.toHaveBeenCalled();
    expect(registerCalls()).toHaveLength(0);
  });

  it('a push from the worker stops polling and refreshes the timeline state', async () => {
    const browser = installFakePush('default');
    startSession('session-token');
    const client = new QueryClient();
    const refetch = vi.spyOn(client, 'refetchQueries');
    mount(client);
    expect(pushArrived).toBe(false);
    act(() => postFromWorker(browser, { source: 'planner-push', push: 'timelineStateUpdated' }));
    expect(pushArrived).toBe(true);
    await waitFor(() =>
      expect(refetch).toHaveBeenCalledWith({ queryKey: timelineStateKey, exact: true }),
    );
  });

  it('ignores other messages and follows a notification tap to its route, never off-site', async () => {
    const browser = installFakePush('default');
    startSession('session-token');
    const view = mount();
    act(() => postFromWorker(browser, { push: 'timelineStateUpdated' }));
    expect(pushArrived).toBe(false);
    act(() => postFromWorker(browser, { source: 'planner-push', navigate: '//evil.example/x' }));
    expect(view.getByTestId('path')).toHaveTextContent('/agenda');
    act(() => postFromWorker(browser, { source: 'planner-push', navigate: '/reminders' }));
    await waitFor(() => expect(view.getByTestId('path')).toHaveTextContent('/reminders'));
    expect(pushArrived).toBe(false);
  });
});

describe('token fetch retries', () => {
  it('retries 5 times 1000 ms apart, then succeeds', async () => {
    const browser = installFakePush('granted');
    browser.subscription = fakeSubscription(new Uint8Array(65));
    const existing = browser.subscription;
    browser.getSubscription
      .mockRejectedValueOnce(new Error('worker busy'))
      .mockRejectedValueOnce(new Error('worker busy'))
      .mockResolvedValue(existing);
    const sleep = vi.fn(() => Promise.resolve());
    await expect(registerSilently({ sleep })).resolves.toBe(true);
    expect(sleep.mock.calls).toEqual([[TOKEN_FETCH_DELAY_MS], [TOKEN_FETCH_DELAY_MS]]);
    expect(TOKEN_FETCH_DELAY_MS).toBe(1000);
  });

  it('gives up after the first try and 5 retries with subscribeFailed', async () => {
    const browser = installFakePush('granted');
    browser.getSubscription.mockRejectedValue(new Error('no push service'));
    const sleep = vi.fn(() => Promise.resolve());
    await expect(registerSilently({ sleep })).rejects.toMatchObject({ code: 'subscribeFailed' });
    expect(browser.getSubscription).toHaveBeenCalledTimes(1 + TOKEN_FETCH_RETRIES);
    expect(TOKEN_FETCH_RETRIES).toBe(5);
    expect(registerCalls()).toHaveLength(0);
  });
});

describe('sign-out', () => {
  it('revokes the registered device before the session, and forgets the token', async () => {
    const { logOut } = await import('../api/sign-out');
    const { beforeSignOut } = await import('../api/session');
    const { revokePushOnSignOut } = await import('./push-sign-out');
    beforeSignOut(revokePushOnSignOut);
    const { savePushToken } = await import('./push-state');
    startSession('session-token');
    savePushToken('{"endpoint":"https://push.example/abc"}');
    await logOut();
    expect(callMock.mock.calls.map(([method]) => method)).toEqual([
      'RevokeInstallation',
      'RevokeSession',
    ]);
    expect(callMock.mock.calls[0]?.[1]).toEqual({
      fcmDeviceToken: '{"endpoint":"https://push.example/abc"}',
    });
    expect(readPushToken()).toBeNull();
  });
});
