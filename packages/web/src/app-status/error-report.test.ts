import { FRONTEND_LOG_LIMITS } from '@planner/core';
import { APP_VERSION, ErrorCode, NetworkError, RpcError } from '@planner/protocol/client';
import { describe, expect, it, vi } from 'vitest';
import {
  buildReport,
  createErrorReporter,
  describeThrown,
  isWorthReporting,
  REPORTS_PER_PAGE,
  type FrontendReport,
} from './error-report';

describe('buildReport', () => {
  it("masks the spec's fields in the message, the stack and the view", () => {
    const error = new Error('Saving {"title":"Therapy","note":"bring notes"} for ann@example.com');
    error.stack = 'Error: at save (token=abc123)';
    expect(buildReport(error, '/login?email=ann@example.com')).toEqual({
      level: 'error',
      message: 'Error: Saving {"title":"***","note":"***"} for ***',
      stack: 'Error: at save (token=***)',
      deviceType: 'web',
      appVersion: APP_VERSION,
      nativeVersion: '',
      view: '/login?email=***',
    });
  });

  it("leaves out the ignore list's errors", () => {
    expect(buildReport(new TypeError('Failed to fetch'), '/agenda')).toBeUndefined();
    expect(buildReport('Subsequent message number too small', '/agenda')).toBeUndefined();
    expect(buildReport(new Error('Invalid email address'), '/login')).toBeUndefined();
  });

  it('clips each field to what the server accepts', () => {
    const error = new Error('x'.repeat(5_000));
    error.stack = 'y'.repeat(20_000);
    const report = buildReport(error, `/${'z'.repeat(1_000)}`);
    expect(report?.message).toHaveLength(FRONTEND_LOG_LIMITS.message);
    expect(report?.stack).toHaveLength(FRONTEND_LOG_LIMITS.stack);
    expect(report?.view).toHaveLength(FRONTEND_LOG_LIMITS.view);
  });

  it('describes anything thrown', () => {
    expect(describeThrown('plain text')).toEqual({ message: 'plain text', stack: '' });
    expect(describeThrown({ code: 7 })).toEqual({ message: '{"code":7}', stack: '' });
    expect(describeThrown(undefined).message).toBe('undefined');
  });
});

describe('createErrorReporter', () => {
  it('sends each distinct error once', () => {
    const send = vi.fn<(report: FrontendReport) => void>();
    const report = createErrorReporter(send);
    const error = new Error('boom');
    report(error, '/agenda');
    report(error, '/agenda');
    report(new Error('another'), '/agenda');
    expect(send.mock.calls.map(([r]) => r.message)).toEqual(['Error: boom', 'Error: another']);
  });

  it('stops after so many reports per page, so a loop cannot flood the server', () => {
    const send = vi.fn<(report: FrontendReport) => void>();
    const report = createErrorReporter(send);
    for (let i = 0; i < REPORTS_PER_PAGE * 3; i++) report(new Error(`loop ${i}`), '/agenda');
    expect(send).toHaveBeenCalledTimes(REPORTS_PER_PAGE);
  });
});

describe('isWorthReporting', () => {
  it("reports the server's faults and the app's own exceptions", () => {
    expect(isWorthReporting(new RpcError(ErrorCode.Internal, 'Internal error', 'PutTask'))).toBe(
      true,
    );
    expect(
      isWorthReporting(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(true);
  });

  it('leaves out what the person can act on and an unreachable server', () => {
    for (const code of [
      ErrorCode.InvalidInput,
      ErrorCode.NotFound,
      ErrorCode.Conflict,
      ErrorCode.RateLimited,
      ErrorCode.SessionInvalid,
      ErrorCode.PremiumOnly,
      ErrorCode.UnlimitedOnly,
    ]) {
      expect(isWorthReporting(new RpcError(code, 'invalid.chooseCategory', 'PutTask'))).toBe(false);
    }
    expect(isWorthReporting(new NetworkError('PutTask', 10))).toBe(false);
  });
});
