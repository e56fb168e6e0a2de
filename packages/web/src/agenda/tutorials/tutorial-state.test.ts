import { parseTutorialStatus } from '@planner/core';
import { describe, expect, it } from 'vitest';
import { isFinished } from '../../api/tutorials';
import { tutorialToShow } from './tutorial-state';

const facts = { hasTasks: true, hasCurrentTask: false, isFocusMode: false };

describe('tutorials', () => {
  it('treats invalid or non-object status as empty', () => {
    expect(parseTutorialStatus('not json')).toEqual({});
    expect(parseTutorialStatus('[1]')).toEqual({});
    expect(tutorialToShow({ ...facts, status: parseTutorialStatus('"x"') })).toBe('onboarding');
  });

  it('shows them in the spec order: onboarding, first task, auto extend, focus view', () => {
    const status = (json: object) => parseTutorialStatus(JSON.stringify(json));
    expect(tutorialToShow({ ...facts, hasTasks: false, status: status({}) })).toBe('onboarding');
    expect(
      tutorialToShow({ ...facts, hasTasks: false, status: status({ onboarding: true }) }),
    ).toBe('firstTask');
    const done = status({ onboarding: true, firstTask: true });
    expect(
      tutorialToShow({ ...facts, hasCurrentTask: true, isFocusMode: true, status: done }),
    ).toBe('autoExtend');
    const more = status({ onboarding: true, firstTask: true, autoExtend: true });
    expect(tutorialToShow({ ...facts, isFocusMode: true, status: more })).toBe('focusView');
    expect(tutorialToShow({ ...facts, status: more })).toBeNull();
  });

  it('shows the first-task card by the person having tasks, and waits while that is unknown', () => {
    const status = parseTutorialStatus(JSON.stringify({ onboarding: true }));
    expect(tutorialToShow({ ...facts, hasTasks: true, status })).toBeNull();
    expect(tutorialToShow({ ...facts, hasTasks: false, status })).toBe('firstTask');
    expect(tutorialToShow({ ...facts, hasTasks: null, hasCurrentTask: true, status })).toBeNull();
  });

  it('reads null as un-hidden', () => {
    expect(isFinished({ onboarding: null }, 'onboarding')).toBe(false);
    expect(isFinished({ onboarding: { step: 2 } }, 'onboarding')).toBe(true);
  });
});
