import { describe, expect, it } from 'vitest';
import { parseTutorialStatus, withTutorial } from './tutorial-status';

describe('tutorial status', () => {
  it('reads a JSON object', () => {
    expect(parseTutorialStatus('{"onboarding":true,"firstTask":{"step":2}}')).toEqual({
      onboarding: true,
      firstTask: { step: 2 },
    });
  });

  it.each(['', 'not json', '[1,2]', 'null', '"text"', '42', 'true', '{"a":'])(
    'treats %j as empty',
    (text) => {
      expect(parseTutorialStatus(text)).toEqual({});
    },
  );

  it('sets and removes one tutorial, keeping the others', () => {
    const status = { onboarding: true, focusView: true };
    expect(withTutorial(status, 'firstTask', true)).toEqual({ ...status, firstTask: true });
    expect(withTutorial(status, 'onboarding', undefined)).toEqual({ focusView: true });
    expect(status).toEqual({ onboarding: true, focusView: true });
  });
});
