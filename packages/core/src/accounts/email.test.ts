import { describe, expect, it } from 'vitest';
import { isValidEmail, looksLikeEmail, normalizeEmail } from './email';

describe('email rules', () => {
  it('normalizes by trimming and lowercasing', () => {
    expect(normalizeEmail('  Ann.Lee@Example.COM \n')).toBe('ann.lee@example.com');
  });

  it.each(['a@b.c', 'ann.lee+plan@mail.example.co.uk', ' ann@example.com ', 'ü@ß.de'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'an n@example.com', 'a@@b.c', 'a@b.'])(
    'rejects %s',
    (email) => expect(isValidEmail(email)).toBe(false),
  );

  it('rejects addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(244)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(242)}@example.com`)).toBe(true);
  });

  it('looksLikeEmail only needs something on both sides of an @', () => {
    expect(looksLikeEmail('a@b')).toBe(true);
    expect(looksLikeEmail('ann smith@host')).toBe(true);
    expect(looksLikeEmail('@b')).toBe(false);
    expect(looksLikeEmail('a@')).toBe(false);
    expect(looksLikeEmail('ab')).toBe(false);
  });
});
