import { describe, expect, it } from 'vitest';
import { withTutorial } from './tutorial-status';

describe('tutorial status', () => {
  it('sets and removes one tutorial, keeping the others', () => {
    const status = { onboarding: true, focusView: true };
    expect(withTutorial(status, 'firstTask', true)).toEqual({ ...status, firstTask: true });
    expect(withTutorial(status, 'onboarding', null)).toEqual({ focusView: true });
    expect(withTutorial(status, 'firstTask', { step: 2 })).toEqual({
      ...status,
      firstTask: { step: 2 },
    });
    expect(status).toEqual({ onboarding: true, focusView: true });
  });
});
