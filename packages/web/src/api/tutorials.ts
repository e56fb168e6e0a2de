import { parseTutorialStatus, type TutorialStatus } from '@planner/core';
import type { Output } from '@planner/protocol';
import { call } from './client';
import { profileQueryKey, useProfile } from './profile';
import { queryClient } from './query-client';

/**
 * The tutorial flags (spec: tutorial flags) live in the person's options, in the profile query:
 * the agenda's cards and the questions with a "Don't ask again" (do it now, shuffle, a rest)
 * read and finish them here, on whichever screen asks.
 */
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

/** Whether the person said "Don't ask again" to (or finished) this tutorial, from the profile. */
export function useIsTutorialFinished(name: TutorialName): boolean {
  const profile = useProfile().data;
  const options = profile?.options ?? profile?.user?.options;
  return isFinished(parseTutorialStatus(options?.tutorialStatus ?? ''), name);
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
