import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_SCORE,
  passwordStrength,
  passwordStrengthLabel,
  validateLogIn,
  validateSignUp,
} from './password';

describe('passwordStrength', () => {
  it('is 0 under 8 characters, counting code points rather than UTF-16 units', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('x7#Kq2!')).toBe(0);
    expect(passwordStrength('😀😀😀😀😀😀😀')).toBe(0);
    expect(passwordStrength('x7#Kq2!m')).toBeGreaterThan(0);
  });

  it('is an integer from 1 to 100 for any password of 8 or more characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 200, unit: 'grapheme' }), (pw) => {
        fc.pre(Array.from(pw).length >= 8);
        const score = passwordStrength(pw);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(100);
      }),
    );
  });

  it.each([
    'password1',
    'Password1!',
    'p4ssw0rd123',
    'qwerty123',
    'letmein!!',
    'trustno1trustno1',
    'aaaaaaaa',
    '12345678',
    'abcdefgh',
    'abababab',
    'kitchens',
    '11111111aaaa',
  ])('rates %s too weak to sign up', (pw) => {
    expect(passwordStrength(pw)).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(passwordStrengthLabel(passwordStrength(pw))).toBe('weak');
  });

  it.each(['x7#Kq2!m', 'Gv8tRw2Lq4', 'sailboatpiano', 'mauve cactus'])('lets %s sign up', (pw) => {
    expect(passwordStrength(pw)).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
  });

  it.each(['correct horse battery staple', 'Tq9#vL2m!Zx4', 'gqzvwmbkpyrtjlsn'])(
    'rates %s strong',
    (pw) => {
      expect(passwordStrengthLabel(passwordStrength(pw))).toBe('strong');
    },
  );

  it('scores non-Latin scripts as a large character pool', () => {
    expect(passwordStrength('пароль')).toBe(0);
    expect(passwordStrength('кошкасобака')).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(passwordStrength('日本語のパスワード')).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
  });
});

describe('passwordStrength on long input', () => {
  it('stays cheap and scores by the first 256 characters', () => {
    const long = 'aB3$x9'.repeat(20_000);
    expect(passwordStrength(long)).toBe(passwordStrength(long.slice(0, 256)));
    expect(passwordStrength('a'.repeat(100_000))).toBeLessThan(PASSWORD_MIN_SCORE);
  });
});

describe('passwordStrengthLabel', () => {
  it('is strong above 50, good above 36, else weak', () => {
    expect(passwordStrengthLabel(0)).toBe('weak');
    expect(passwordStrengthLabel(36)).toBe('weak');
    expect(passwordStrengthLabel(37)).toBe('good');
    expect(passwordStrengthLabel(50)).toBe('good');
    expect(passwordStrengthLabel(51)).toBe('strong');
    expect(passwordStrengthLabel(100)).toBe('strong');
  });
});

describe('validateSignUp', () => {
  const good = { email: 'ann@example.com', password: 'Gv8tRw2Lq4', confirmPassword: 'Gv8tRw2Lq4' };

  it('accepts a valid form', () => {
    expect(validateSignUp(good)).toBeNull();
    expect(validateSignUp({ ...good, email: '  Ann@Example.COM ' })).toBeNull();
  });

  it('reports the first problem in the spec order', () => {
    expect(validateSignUp({ email: '', password: '', confirmPassword: 'x' })).toBe(
      'invalid.enterEmail',
    );
    expect(validateSignUp({ ...good, email: 'ann@example' })).toBe('invalid.enterEmail');
    expect(validateSignUp({ ...good, password: '', confirmPassword: '' })).toBe(
      'invalid.enterPassword',
    );
    expect(validateSignUp({ ...good, password: 'abc', confirmPassword: 'abd' })).toBe(
      'invalid.passwordMismatch',
    );
    expect(validateSignUp({ ...good, password: 'password1', confirmPassword: 'password1' })).toBe(
      'invalid.passwordTooWeak',
    );
  });

  it('skips the confirmation check when there is no confirmation field (server)', () => {
    expect(validateSignUp({ email: good.email, password: good.password })).toBeNull();
    expect(validateSignUp({ email: good.email, password: 'password1' })).toBe(
      'invalid.passwordTooWeak',
    );
  });
});

describe('validateLogIn', () => {
  it('needs both fields and nothing else', () => {
    expect(validateLogIn({ email: ' ', password: 'x' })).toBe('invalid.enterEmail');
    expect(validateLogIn({ email: 'a@b.c', password: '' })).toBe('invalid.enterPassword');
    expect(validateLogIn({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
});
