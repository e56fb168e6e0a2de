import { describe, expect, it } from 'vitest';
import { titleSimilarity, titleWords } from './title-similarity';

describe('title similarity', () => {
  it('splits titles into lower-case words, punctuation dropped', () => {
    expect([...titleWords('Write the Q3 report, again!')]).toEqual([
      'write',
      'the',
      'q3',
      'report',
      'again',
    ]);
    expect(titleWords('  ').size).toBe(0);
  });

  it('splits Japanese titles into words', () => {
    expect(titleWords('会議の準備').size).toBeGreaterThan(1);
  });

  it('scores identical titles 1 and unrelated ones 0', () => {
    const a = titleWords('Gym session');
    expect(titleSimilarity(a, titleWords('gym SESSION'))).toBe(1);
    expect(titleSimilarity(a, titleWords('Write report'))).toBe(0);
    expect(titleSimilarity(new Set(), a)).toBe(0);
  });

  it('ranks more shared words higher and counts a typed prefix half', () => {
    const typed = titleWords('weekly team meeting');
    const close = titleSimilarity(typed, titleWords('team meeting'));
    const far = titleSimilarity(typed, titleWords('meeting with bank'));
    expect(close).toBeGreaterThan(far);
    expect(titleSimilarity(titleWords('meet'), titleWords('meeting'))).toBeCloseTo(1 / 3);
    expect(titleSimilarity(titleWords('me'), titleWords('meeting'))).toBe(0);
  });
});
