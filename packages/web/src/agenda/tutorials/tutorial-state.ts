import { parseTutorialStatus, type TutorialStatus } from '@planner/core';
import type { Output } from '@planner/protocol';
import { call } from '../../api/client';
import { profileQueryKey } from '../../api/profile';
import { queryClient } from '../../api/query-client';

export type TutorialName =
  | 'onboarding'
  | 'firstTask'
  | 'autoExtend'
  | 'focusView'
  | 'emptyAgenda'
  | 'shuffleDialog'
  | 'restDialog'
  | 'doItNowDialog'
  | 'doItAfterEventDialog';

/** A tutorial is finished (or dismissed) when its entry is set to anything but null. */
export function isFinished(status: TutorialStatus, name: TutorialName): boolean {
  const value = status[name];
  return value !== undefined && value !== null && value !== false;
}

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

type Profile = Output<'GetUserProfile'>;

function rememberStatus(tutorialStatus: string): void {
  queryClient.setQueryData<Profile>(profileQueryKey, (profile) => {
    if (!profile) return profile;
    const options = profile.options ? { ...profile.options, tutorialStatus } : profile.options;
    const user = profile.user?.options
      ? { ...profile.user, options: { ...profile.user.options, tutorialStatus } }
      : profile.user;
    return { ...profile, options, user };
  });
}

/** FinishTutorial: empty status finishes (dismisses), "null" un-hides; the answer is the whole status. */
export async function finishTutorial(name: TutorialName, status = ''): Promise<void> {
  const answer = await call('FinishTutorial', { tutorial: name, status });
  rememberStatus(answer.tutorialStatus);
}

export function unhideTutorial(name: TutorialName): Promise<void> {
  return finishTutorial(name, 'null');
}

/** Every tutorial shows again (help: restart tutorial). */
export async function resetTutorials(): Promise<void> {
  const answer = await call('FinishTutorial', { tutorial: '', status: '{}' });
  rememberStatus(answer.tutorialStatus);
}

export { parseTutorialStatus };
