import { describe, expect, it } from 'vitest';
import { isIgnoredError, maskSecrets } from './frontend-log';

describe('maskSecrets', () => {
  it('masks each sensitive field of a JSON text, keeping the others', () => {
    const text =
      '{"title":"Dentist at 9","password":"hunter2","note":"call \\"Bob\\"","content":"x","token":"abc","email":"ann@example.com","id":"t-1"}';
    expect(maskSecrets(text)).toBe(
      '{"title":"***","password":"***","note":"***","content":"***","token":"***","email":"***","id":"t-1"}',
    );
  });

  it('masks keys that end in a field name, in any case, quoted or bare', () => {
    expect(maskSecrets("taskTitle: 'Plan the wedding', authToken=abc123&page=2")).toBe(
      "taskTitle: '***', authToken=***&page=2",
    );
    expect(maskSecrets('PASSWORD = secret; user_email: ann@x.io')).toBe(
      'PASSWORD = ***; user_email: ***',
    );
  });

  it('masks e-mail addresses and bearer tokens anywhere', () => {
    expect(maskSecrets('No account for ann.lee+work@mail.example.org')).toBe('No account for ***');
    expect(maskSecrets('header Authorization: Bearer eyJhbGciOi.x-y_z')).toBe(
      'header Authorization: Bearer ***',
    );
  });

  it('leaves a text without secrets alone', () => {
    const stack = 'TypeError: x is undefined\n    at render (AgendaPage.tsx:12:3)';
    expect(maskSecrets(stack)).toBe(stack);
  });
});

describe('isIgnoredError', () => {
  it.each([
    'TypeError: Failed to fetch',
    'Password not match',
    'Invalid email address',
    'GetTimeline: invalid session',
    'Subsequent message number too small',
  ])('ignores "%s"', (message) => {
    expect(isIgnoredError(message)).toBe(true);
  });

  it('reports other errors', () => {
    expect(isIgnoredError("Cannot read properties of undefined (reading 'id')")).toBe(false);
  });
});

describe('maskSecrets on long texts', () => {
  it('masks a field inside the value of another key', () => {
    expect(maskSecrets('request data={"title":"Secret"} failed')).toBe(
      'request data={"title":"***"} failed',
    );
  });

  it('takes time in proportion to the text, whatever its shape', () => {
    const shapes = [
      'x'.repeat(8_000),
      'a.'.repeat(4_000),
      'title'.repeat(1_600),
      'ab@'.repeat(2_600),
      'title:"'.repeat(1_100),
      'x@y.'.repeat(2_000),
    ];
    const started = performance.now();
    for (const text of shapes) maskSecrets(text);
    // Quadratic scanning took over a second for the first shape alone.
    expect(performance.now() - started).toBeLessThan(200);
  });
});
