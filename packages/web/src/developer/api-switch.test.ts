import { afterEach, describe, expect, it } from 'vitest';
import { readApiChoice } from '../api/api-base';
import { toCloudConfig } from '../api/cloud-config';
import { queryClient } from '../api/query-client';
import { getSessionToken, startSession } from '../api/session';
import { readItem, writeItem } from '../storage/local-storage';
import { choiceFor, namedApiBases, switchApiBase } from './api-switch';

const config = (items: Record<string, string>) =>
  toCloudConfig(Object.entries(items).map(([field, value]) => ({ field, value })));

describe('switching the API base', () => {
  afterEach(() => {
    localStorage.clear();
    queryClient.clear();
  });

  it('offers the build addresses first, then the configured ones, never an invalid one', () => {
    const named = namedApiBases(
      config({
        apiProduction: 'https://configured.example.com/api',
        apiTest: 'https://test.example.com/api',
        apiWip: 'nonsense',
      }),
      { production: 'https://built.example.com/api' },
    );
    expect(named).toEqual({
      production: 'https://built.example.com/api',
      test: 'https://test.example.com/api',
    });
  });

  it('checks a custom address and resolves a named one', () => {
    const named = { test: 'https://test.example.com/api' };
    expect(choiceFor('custom', named, 'http://192.168.1.20:8080/api/')).toEqual({
      ok: true,
      choice: { endpoint: 'custom', baseUrl: 'http://192.168.1.20:8080/api' },
    });
    expect(choiceFor('custom', named, 'localhost:8080')).toEqual({
      ok: false,
      reason: 'invalidAddress',
    });
    expect(choiceFor('test', named, '')).toEqual({
      ok: true,
      choice: { endpoint: 'test', baseUrl: 'https://test.example.com/api' },
    });
    expect(choiceFor('wip', named, '')).toEqual({ ok: false, reason: 'invalidAddress' });
    expect(choiceFor('local', named, 'ignored')).toEqual({
      ok: true,
      choice: { endpoint: 'local', baseUrl: '/api' },
    });
  });

  it('ends the session and drops the cached server data when the server changes', () => {
    startSession('token-on-the-old-server');
    writeItem('locale', 'fr');
    queryClient.setQueryData(['profile'], { user: { id: 'u1' } });

    const endedSession = switchApiBase({ endpoint: 'custom', baseUrl: 'http://10.0.0.5/api' });

    expect(endedSession).toBe(true);
    expect(getSessionToken()).toBeNull();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(readApiChoice()).toEqual({ endpoint: 'custom', baseUrl: 'http://10.0.0.5/api' });
    expect(readItem('locale')).toBe('fr');
  });

  it('keeps the session when the same server is chosen again', () => {
    startSession('token');
    expect(switchApiBase({ endpoint: 'local', baseUrl: '/api' })).toBe(false);
    expect(getSessionToken()).toBe('token');
  });
});
