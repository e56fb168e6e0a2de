import { afterEach, describe, expect, it } from 'vitest';
import { writeItem } from '../storage/local-storage';
import {
  buildTimeApiBases,
  currentApiBase,
  parseApiBase,
  readApiChoice,
  writeApiChoice,
} from './api-base';

describe('API base choice', () => {
  afterEach(() => localStorage.clear());

  it('is the same origin under /api until a developer chooses another', () => {
    expect(readApiChoice()).toEqual({ endpoint: 'local', baseUrl: '/api' });
    expect(currentApiBase()).toBe('/api');
  });

  it('reads back a stored choice', () => {
    writeApiChoice({ endpoint: 'custom', baseUrl: 'http://10.0.0.5:8080/api' });
    expect(currentApiBase()).toBe('http://10.0.0.5:8080/api');
  });

  it('treats a damaged or foreign stored value as local', () => {
    writeItem('apiEndpoint', '{"endpoint":"custom","baseUrl":"javascript:alert(1)"}');
    expect(currentApiBase()).toBe('/api');
    writeItem('apiEndpoint', '{"endpoint":"mars","baseUrl":"https://x.example/api"}');
    expect(currentApiBase()).toBe('/api');
    writeItem('apiEndpoint', 'not json');
    expect(currentApiBase()).toBe('/api');
  });

  it('accepts only absolute http(s) addresses, normalised without a trailing slash', () => {
    expect(parseApiBase(' https://api.example.com/api/ ')).toBe('https://api.example.com/api');
    expect(parseApiBase('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(parseApiBase('HTTPS://API.EXAMPLE.COM/api')).toBe('https://api.example.com/api');
    for (const bad of [
      '',
      '/api',
      'api.example.com',
      'ftp://api.example.com',
      'javascript:alert(1)',
      'https://user:secret@api.example.com/api',
      'https://api.example.com/api?x=1',
      'https://api.example.com/api#top',
    ]) {
      expect(parseApiBase(bad), bad).toBeNull();
    }
  });

  it('takes the build-time addresses that are valid', () => {
    expect(
      buildTimeApiBases({
        VITE_API_PRODUCTION: 'https://api.example.com/api/',
        VITE_API_TEST: 'not an address',
      }),
    ).toEqual({ production: 'https://api.example.com/api' });
    expect(buildTimeApiBases({})).toEqual({});
  });
});
