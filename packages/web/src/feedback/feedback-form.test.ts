import { describe, expect, it } from 'vitest';
import { checkFeedback, problemOfServerKey } from './feedback-form';

describe('checkFeedback', () => {
  it('needs a comment with more than spaces', () => {
    expect(checkFeedback({ email: '', comment: ' \n ' })).toEqual([
      { field: 'comment', key: 'invalid.enterFeedback' },
    ]);
  });

  it('takes an empty e-mail, and checks one that is filled', () => {
    expect(checkFeedback({ email: '', comment: 'Hi' })).toEqual([]);
    expect(checkFeedback({ email: ' me@example.org ', comment: 'Hi' })).toEqual([]);
    expect(checkFeedback({ email: 'me@example', comment: 'Hi' })).toEqual([
      { field: 'email', key: 'invalid.enterEmail' },
    ]);
  });

  it('reports both problems at once', () => {
    expect(checkFeedback({ email: 'me at home', comment: '' }).map((p) => p.field)).toEqual([
      'email',
      'comment',
    ]);
  });

  it("puts the server's refusals under their field", () => {
    expect(problemOfServerKey('invalid.enterFeedback')?.field).toBe('comment');
    expect(problemOfServerKey('invalid.enterEmail')?.field).toBe('email');
    expect(problemOfServerKey('tooManyAttempts')).toBeNull();
  });
});
