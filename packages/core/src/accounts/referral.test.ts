import { describe, expect, it } from 'vitest';
import {
  canEnterReferralCode,
  isReferralCodeForm,
  nextReferralStep,
  normalizeReferralCode,
  REFERRAL_STEPS,
  referralCount,
  referralStepFor,
} from './referral';

describe('referral code form', () => {
  it('trims, uppercases and keeps at most 6 characters', () => {
    expect(normalizeReferralCode('  ab12cd ')).toBe('AB12CD');
    expect(normalizeReferralCode('abcdefgh')).toBe('ABCDEF');
    expect(normalizeReferralCode('')).toBe('');
  });

  it('is worth sending when it is 1 to 6 letters or digits', () => {
    expect(isReferralCodeForm(' ab12cd ')).toBe(true);
    expect(isReferralCodeForm('x')).toBe(true);
    expect(isReferralCodeForm('')).toBe(false);
    expect(isReferralCodeForm('abcdefg')).toBe(false);
    expect(isReferralCodeForm('ab-12')).toBe(false);
  });
});

describe('referralCount', () => {
  it('adds one for being referred', () => {
    expect(referralCount({ activeReferralCount: 0, isReferred: false })).toBe(0);
    expect(referralCount({ activeReferralCount: 0, isReferred: true })).toBe(1);
    expect(referralCount({ activeReferralCount: 3, isReferred: true })).toBe(4);
  });

  it('allows entering a code only when not referred yet', () => {
    expect(canEnterReferralCode({ isReferred: false })).toBe(true);
    expect(canEnterReferralCode({ isReferred: true })).toBe(false);
  });
});

describe('referral steps', () => {
  it('runs steps 0 to 6, then max, each bonus at least the one before', () => {
    expect(REFERRAL_STEPS.map((s) => s.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 'max']);
    REFERRAL_STEPS.slice(1).forEach((cur, i) => {
      const prev = REFERRAL_STEPS[i] ?? cur;
      expect(cur.referrals).toBeGreaterThan(prev.referrals);
      expect(cur.agendaDays).toBeGreaterThanOrEqual(prev.agendaDays);
      expect(cur.trackedTasks).toBeGreaterThanOrEqual(prev.trackedTasks);
      expect(cur.categories).toBeGreaterThanOrEqual(prev.categories);
    });
  });

  it('finds the step reached and the next one', () => {
    expect(referralStepFor(0).step).toBe(0);
    expect(referralStepFor(-3).step).toBe(0);
    expect(referralStepFor(6).step).toBe(6);
    expect(referralStepFor(9).step).toBe(6);
    expect(referralStepFor(10).step).toBe('max');
    expect(referralStepFor(1000).step).toBe('max');
    expect(nextReferralStep(6)?.step).toBe('max');
    expect(nextReferralStep(10)).toBeNull();
  });
});
