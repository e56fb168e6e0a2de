import { isValidEmail } from '@planner/core';

/** The server's bound on a comment (CreateFeedback); the field stops there. */
export const FEEDBACK_COMMENT_MAX_CHARS = 5_000;

export type FeedbackField = 'email' | 'comment';

export interface FeedbackProblem {
  field: FeedbackField;
  /** The spec's message key, in the feedback namespace. */
  key: 'invalid.enterEmail' | 'invalid.enterFeedback';
}

/** Accounts spec 5: the e-mail, if filled, must be an address; the comment is required. */
export function checkFeedback(form: { email: string; comment: string }): FeedbackProblem[] {
  const problems: FeedbackProblem[] = [];
  if (form.email.trim() !== '' && !isValidEmail(form.email)) {
    problems.push({ field: 'email', key: 'invalid.enterEmail' });
  }
  if (form.comment.trim() === '') problems.push({ field: 'comment', key: 'invalid.enterFeedback' });
  return problems;
}

/** The field a server refusal names, so it shows under that field like a local check. */
export function problemOfServerKey(message: string): FeedbackProblem | null {
  if (message === 'invalid.enterEmail') return { field: 'email', key: message };
  if (message === 'invalid.enterFeedback') return { field: 'comment', key: message };
  return null;
}
