import { RpcError } from '@planner/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerError, stubFetch } from '../test/fake-server';
import { writeItem, readItem } from '../storage/local-storage';
import { writeApiChoice } from './api-base';
import { call, onSessionInvalid } from './client';
import { getFailureCount, recordServerReached } from './failure-counter';
import { getSessionToken, startSession } from './session';

describe('api call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    recordServerReached();
  });

  it('wipes the token and the local data on code 16, keeping the locale', async () => {
    startSession('stale-token');
    writeItem('queryCache', '{}');
    writeItem('locale', 'de');
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    const fetchMock = stubFetch(() => answerError(401, 16, 'Session is invalid'));

    await expect(call('GetUserProfile')).rejects.toBeInstanceOf(RpcError);

    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer stale-token');
    expect(getSessionToken()).toBeNull();
    expect(readItem('queryCache')).toBeNull();
    expect(readItem('locale')).toBe('de');
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });

  it('keeps the session on other errors', async () => {
    startSession('good-token');
    stubFetch(() => answerError(404, 404, 'not found'));
    await expect(call('GetUserProfile')).rejects.toMatchObject({ code: 404 });
    expect(getSessionToken()).toBe('good-token');
  });

  it('counts network failures and resets the counter once the server answers', async () => {
    stubFetch(
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => answerError(404, 404, 'not found'),
    );
    await expect(call('Meta', {}, { retry: false })).rejects.toThrow('Service is temporarily');
    expect(getFailureCount()).toBe(1);
    await expect(call('Meta', {}, { retry: false })).rejects.toMatchObject({ code: 404 });
    expect(getFailureCount()).toBe(0);
  });

  it('sends each call to the API base chosen at the time of the call', async () => {
    const fetchMock = stubFetch(
      () => answerError(404, 404, 'not found'),
      () => answerError(404, 404, 'not found'),
    );
    await expect(call('Meta', {}, { retry: false })).rejects.toMatchObject({ code: 404 });
    writeApiChoice({ endpoint: 'custom', baseUrl: 'http://10.0.0.5:8080/api' });
    await expect(call('Meta', {}, { retry: false })).rejects.toMatchObject({ code: 404 });
    localStorage.clear();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/Meta',
      'http://10.0.0.5:8080/api/Meta',
    ]);
  });
});
