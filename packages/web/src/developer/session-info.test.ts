import { describe, expect, it } from 'vitest';
import { sessionInfo } from './session-info';

describe('session info', () => {
  it('names the versions, server and account without the token or the e-mail', () => {
    localStorage.setItem('planner:1.3:token', 'secret-token-value');
    const text = sessionInfo({
      profile: {
        user: {
          id: 'user-1',
          premiumLevel: 1,
          debugEnabled: true,
          emailVerified: false,
          ...{ email: 'ada@example.com' },
        },
        options: { locale: 'de', timezone: 'Europe/Berlin' },
      },
      apiChoice: { endpoint: 'test', baseUrl: 'https://test.example.com/api' },
      language: 'de',
      deviceTimeZone: 'Asia/Kolkata',
      userAgent: 'Chromium',
      nowMs: Date.UTC(2026, 10, 25, 1, 30),
    });
    expect(JSON.parse(text)).toEqual({
      appVersion: '1.3.143',
      apiEndpoint: 'test',
      apiBase: 'https://test.example.com/api',
      userId: 'user-1',
      premiumLevel: 1,
      debugEnabled: true,
      emailVerified: false,
      accountLocale: 'de',
      accountTimeZone: 'Europe/Berlin',
      language: 'de',
      deviceTimeZone: 'Asia/Kolkata',
      userAgent: 'Chromium',
      copiedAt: '2026-11-25T01:30:00.000Z',
    });
    expect(text).not.toContain('secret-token-value');
    expect(text).not.toContain('ada@example.com');
  });
});
