import { describe, expect, it } from 'vitest';
import { ErrorCode, httpStatusForCode } from './errors';

describe('httpStatusForCode', () => {
  it('carries each code on its HTTP status', () => {
    const statuses = Object.values(ErrorCode).map((code) => [code, httpStatusForCode(code)]);
    expect(Object.fromEntries(statuses)).toEqual({
      16: 401,
      4201: 403,
      4202: 403,
      400: 400,
      404: 404,
      409: 409,
      413: 413,
      429: 429,
      500: 500,
    });
  });

  it('answers 400 for a code without an HTTP meaning', () => {
    expect(httpStatusForCode(2002)).toBe(400);
  });
});
