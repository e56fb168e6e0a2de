import type { TutorialStatus } from '@planner/core';
import { isFinished, type TutorialName } from '../../api/tutorials';

export interface TutorialFacts {
  status: TutorialStatus;
  /** Any task of the person, open or done; null while not known yet. */
  hasTasks: boolean | null;
  hasCurrentTask: boolean;
  isFocusMode: boolean;
}

/**
 * The card to show, in the spec's priority order: onboarding, first task, auto extend, focus
 * view. Each shows while unfinished and its moment has come.
 */
export function tutorialToShow(facts: TutorialFacts): TutorialName | null {
  const { status } = facts;
  if (!isFinished(status, 'onboarding')) return 'onboarding';
  if (!isFinished(status, 'firstTask')) {
    // Until the tasks are known nothing lower in the order shows, so no card flashes first.
    if (facts.hasTasks === null) return null;
    if (!facts.hasTasks) return 'firstTask';
  }
  if (facts.hasCurrentTask && !isFinished(status, 'autoExtend')) return 'autoExtend';
  if (facts.isFocusMode && !isFinished(status, 'focusView')) return 'focusView';
  return null;
}
