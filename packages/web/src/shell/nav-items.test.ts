import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from './nav-items';

describe('drawer entries', () => {
  it('shows only entries that lead somewhere, in the spec order', () => {
    expect(visibleNavItems(false).map((item) => item.id)).toEqual([
      'agenda',
      'tasks',
      'analysis',
      'premium',
      'referral',
      'settings',
      'helpAndFeedback',
      'about',
    ]);
  });

  it('adds Debug before About for a debugEnabled account', () => {
    const items = visibleNavItems(true);
    expect(items.map((item) => item.id)).toEqual([
      'agenda',
      'tasks',
      'analysis',
      'premium',
      'referral',
      'settings',
      'helpAndFeedback',
      'debug',
      'about',
    ]);
  });

  it('every visible entry has a route or opens the debug menu', () => {
    for (const item of visibleNavItems(true)) {
      expect(item.to !== null || item.opensDebugMenu === true, item.id).toBe(true);
    }
  });

  it('leaves out Referral inside the iOS shell', () => {
    const ids = visibleNavItems(false, NAV_ITEMS, true).map((item) => item.id);
    expect(ids).not.toContain('referral');
    expect(ids).toContain('premium');
  });
});
