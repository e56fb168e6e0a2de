import { parseTutorialStatus } from '@planner/core';
import { updateOptions } from '../accounts/accounts-repository';
import { getAccount } from '../accounts/accounts-service';
import type { Db } from '../rpc/context';
import { invalid } from '../rpc/errors';
import { withTutorial } from './tutorial-status';

/** Tutorial names are flags such as `onboarding` or `doItNowDialog`. */
const TUTORIAL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_STATUS_LENGTH = 10_000;

function parseState(status: string): unknown {
  if (status === '') return true;
  try {
    return JSON.parse(status) as unknown;
  } catch {
    throw invalid('field "status": not JSON');
  }
}

/**
 * Records a tutorial's state in the user option tutorialStatus (a JSON object kept as a string,
 * read as empty when damaged): finished or dismissed by default, a step object, or removed with
 * "null" (un-hidden). An empty name with status "{}" resets every tutorial. Answers the whole
 * status as stored.
 */
export async function finishTutorial(
  db: Db,
  userId: string,
  tutorial: string,
  status: string,
): Promise<string> {
  if (status.length > MAX_STATUS_LENGTH) throw invalid('field "status": too long');
  const account = await getAccount(db, userId);
  let next;
  if (tutorial === '') {
    if (status.trim() !== '{}') throw invalid('field "tutorial": required');
    next = {};
  } else {
    if (!TUTORIAL_NAME.test(tutorial)) throw invalid('field "tutorial": not a tutorial name');
    next = withTutorial(
      parseTutorialStatus(account.options.tutorialStatus),
      tutorial,
      parseState(status),
    );
  }
  const tutorialStatus = JSON.stringify(next);
  await updateOptions(db, userId, { ...account.options, tutorialStatus });
  return tutorialStatus;
}
