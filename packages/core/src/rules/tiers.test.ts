import { describe, expect, it } from 'vitest';
import { fromWallClock, HOUR_MS } from '../time/zone';
import { CATEGORY_ICONS, DEFAULT_CATEGORY_ICON, isCategoryIcon } from './category-icons';
import { CATEGORY_COLORS, DEFAULT_CATEGORIES, isCategoryColor } from './categories';
import {
  agendaHorizonEnd,
  canEditHistory,
  DEFAULT_CATEGORY_COUNT,
  featuresFor,
  hasRoomFor,
  HISTORY_EDIT_LIMIT_MS,
  isOverLimit,
  limitErrorCode,
  limitsFor,
  premiumLevelOf,
  TIERS,
} from './tiers';

describe('tier table', () => {
  it('matches the tier table of docs/design.md', () => {
    expect(TIERS[0].limits).toEqual({
      agendaLengthDays: 7,
      trackedTasks: 20,
      categories: 5,
      customCategories: 1,
    });
    expect(TIERS[1].limits).toEqual({
      agendaLengthDays: 30,
      trackedTasks: 100,
      categories: 54,
      customCategories: 50,
    });
    expect(TIERS[2].limits).toEqual({
      agendaLengthDays: null,
      trackedTasks: null,
      categories: null,
      customCategories: null,
    });
    expect(TIERS[0].features).toEqual({
      historyEdit: false,
      monthlyYearlyAnalysis: false,
      customAnalysis: false,
    });
    expect(Object.values(TIERS[1].features).every(Boolean)).toBe(true);
    expect(Object.values(TIERS[2].features).every(Boolean)).toBe(true);
  });

  it('reads any stored level', () => {
    expect([-1, 0, 0.5, Number.NaN, 1, 1.5, 2, 7].map(premiumLevelOf)).toEqual([
      0, 0, 0, 0, 1, 1, 2, 2,
    ]);
  });
});

describe('limitsFor', () => {
  it('adds referral bonuses to the free tier only', () => {
    expect(limitsFor({ premiumLevel: 0, referralCount: 0 })).toEqual(TIERS[0].limits);
    const referred = limitsFor({ premiumLevel: 0, referralCount: 10 });
    expect(referred.agendaLengthDays).toBe(14);
    expect(referred.trackedTasks).toBe(50);
    expect(referred.customCategories).toBe(6);
    expect(referred.categories).toBe(DEFAULT_CATEGORY_COUNT + 6);
    expect(limitsFor({ premiumLevel: 1, referralCount: 10 })).toEqual(TIERS[1].limits);
    expect(limitsFor({ premiumLevel: 2, referralCount: 10 })).toEqual(TIERS[2].limits);
  });

  it('keeps every referral bonus below premium', () => {
    for (let count = 0; count <= 20; count++) {
      const free = limitsFor({ premiumLevel: 0, referralCount: count });
      expect(free.agendaLengthDays).toBeLessThan(30);
      expect(free.trackedTasks).toBeLessThan(100);
      expect(free.customCategories).toBeLessThan(50);
    }
  });
});

describe('featuresFor', () => {
  it('unlocks history edit at 1, monthly and yearly at 2, custom analysis at 5 referrals', () => {
    const at = (referralCount: number) => featuresFor({ premiumLevel: 0, referralCount });
    expect(at(0)).toEqual({
      historyEdit: false,
      monthlyYearlyAnalysis: false,
      customAnalysis: false,
    });
    expect(at(1)).toEqual({
      historyEdit: true,
      monthlyYearlyAnalysis: false,
      customAnalysis: false,
    });
    expect(at(2)).toEqual({
      historyEdit: true,
      monthlyYearlyAnalysis: true,
      customAnalysis: false,
    });
    expect(at(4).customAnalysis).toBe(false);
    expect(at(5)).toEqual({ historyEdit: true, monthlyYearlyAnalysis: true, customAnalysis: true });
    expect(featuresFor({ premiumLevel: 1, referralCount: 0 }).customAnalysis).toBe(true);
  });
});

describe('limit errors and room', () => {
  it('answers 4201 for free users and 4202 for premium ones', () => {
    expect(limitErrorCode(0)).toBe(4201);
    expect(limitErrorCode(1)).toBe(4202);
    expect(limitErrorCode(2)).toBe(4202);
  });

  it('compares counts with a limit, null being unlimited', () => {
    expect(hasRoomFor(4, 5)).toBe(true);
    expect(hasRoomFor(5, 5)).toBe(false);
    expect(hasRoomFor(1e9, null)).toBe(true);
    expect(isOverLimit(5, 5)).toBe(false);
    expect(isOverLimit(6, 5)).toBe(true);
    expect(isOverLimit(1e9, null)).toBe(false);
  });
});

describe('canEditHistory', () => {
  const now = Date.UTC(2026, 5, 1, 12);

  it('lets free users edit records that ended at most 24 h ago', () => {
    const free = { premiumLevel: 0, referralCount: 0, now };
    expect(HISTORY_EDIT_LIMIT_MS).toBe(24 * HOUR_MS);
    expect(canEditHistory({ ...free, blockEnd: now - HISTORY_EDIT_LIMIT_MS })).toBe(true);
    expect(canEditHistory({ ...free, blockEnd: now - HISTORY_EDIT_LIMIT_MS - 1 })).toBe(false);
    expect(canEditHistory({ ...free, blockEnd: now + HOUR_MS })).toBe(true);
  });

  it('lets paid users and referrers edit any record', () => {
    const old = now - 365 * 24 * HOUR_MS;
    expect(canEditHistory({ premiumLevel: 1, referralCount: 0, now, blockEnd: old })).toBe(true);
    expect(canEditHistory({ premiumLevel: 0, referralCount: 1, now, blockEnd: old })).toBe(true);
  });
});

describe('agendaHorizonEnd', () => {
  it('counts local days, so a week over a DST change keeps the wall-clock time', () => {
    const now = fromWallClock({ year: 2026, month: 3, day: 25, hour: 9 }, 'Europe/Berlin');
    const end = agendaHorizonEnd(now, 'Europe/Berlin', 7);
    expect(end).toBe(fromWallClock({ year: 2026, month: 4, day: 1, hour: 9 }, 'Europe/Berlin'));
    expect((end ?? 0) - now).toBe(7 * 24 * HOUR_MS - HOUR_MS);
    expect(agendaHorizonEnd(now, 'Europe/Berlin', null)).toBeNull();
  });
});

describe('category data', () => {
  it('has the 16 palette colours of the spec', () => {
    expect(CATEGORY_COLORS).toHaveLength(16);
    expect(CATEGORY_COLORS[0]).toBe('Red-500');
    expect(CATEGORY_COLORS[15]).toBe('DeepOrange-500');
    expect(isCategoryColor('Yellow-600')).toBe(true);
    expect(isCategoryColor('Yellow-500')).toBe(false);
  });

  it('has about 170 distinct snake_case icon names, the first the default', () => {
    expect(CATEGORY_ICONS.length).toBeGreaterThanOrEqual(160);
    expect(CATEGORY_ICONS.length).toBeLessThanOrEqual(180);
    expect(new Set(CATEGORY_ICONS).size).toBe(CATEGORY_ICONS.length);
    for (const name of CATEGORY_ICONS) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(DEFAULT_CATEGORY_ICON).toBe(CATEGORY_ICONS[0]);
    expect(isCategoryIcon('work')).toBe(true);
    expect(isCategoryIcon('not_an_icon')).toBe(false);
  });

  it('gives new accounts 4 distinct default categories from the palette and icon list', () => {
    expect(DEFAULT_CATEGORIES).toHaveLength(DEFAULT_CATEGORY_COUNT);
    expect(new Set(DEFAULT_CATEGORIES.map((c) => c.key)).size).toBe(4);
    for (const category of DEFAULT_CATEGORIES) {
      expect(isCategoryColor(category.color)).toBe(true);
      expect(isCategoryIcon(category.icon)).toBe(true);
      expect(category.titleKey).toMatch(/^categories\.default\./);
    }
  });
});
