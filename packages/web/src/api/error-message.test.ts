import { NetworkError, RpcError } from '@planner/protocol';
import { describe, expect, it } from 'vitest';
import { describeError } from './error-message';

const knows = (key: string) => key.startsWith('invalid.') || key.startsWith('messages.');

describe('describeError', () => {
  it('translates a message key answered by the server', () => {
    expect(describeError(new RpcError(400, 'invalid.enterEmail', 'CreateUser'), knows)).toEqual({
      key: 'invalid.enterEmail',
      values: {},
    });
  });

  it('shows any other server message as it is', () => {
    expect(describeError(new RpcError(409, 'Already done', 'X'), knows)).toEqual({
      key: 'errors.withMessage',
      values: { message: 'Already done' },
    });
  });

  it('keeps the spec silent codes and the session code (handled by sign-out) silent', () => {
    expect(describeError(new RpcError(2002, 'x', 'X'), knows)).toBeNull();
    expect(describeError(new RpcError(1700, 'x', 'X'), knows)).toBeNull();
    expect(describeError(new RpcError(16, 'Session is invalid', 'X'), knows)).toBeNull();
  });

  it('says the service is unavailable after network failures', () => {
    expect(describeError(new NetworkError('X', 11), knows)?.key).toBe(
      'messages.serviceUnavailable',
    );
  });

  it('explains rate limiting even without a key', () => {
    expect(describeError(new RpcError(429, 'slow down', 'X'), knows)?.key).toBe(
      'messages.tooManyAttempts',
    );
  });
});
