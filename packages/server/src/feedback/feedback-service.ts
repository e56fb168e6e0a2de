import { randomUUID } from 'node:crypto';
import { isValidEmail } from '@planner/core';
import type { AuthedContext } from '../rpc/context';
import { invalid, rateLimited } from '../rpc/errors';
import { accountEmail, feedbackTimesSince, insertFeedback } from './feedback-repository';
import type { Mail } from '../mail/mailer';

/** How many messages one user may send per window (a person writes a few, a script many). */
export const FEEDBACK_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000;

export interface FeedbackInput {
  email: string;
  comment: string;
}

export interface SentFeedback {
  userId: string;
  accountEmail: string;
  replyTo: string;
  comment: string;
  appVersion: string;
  userAgent: string;
  sentAt: number;
}

/**
 * Checks and stores one message; answers what the team's mail needs. The e-mail, when given,
 * must be an address (invalid.enterEmail); the comment must say something (invalid.enterFeedback).
 */
export async function createFeedback(
  ctx: AuthedContext,
  input: FeedbackInput,
  appVersion: string,
): Promise<SentFeedback> {
  const replyTo = input.email.trim();
  const comment = input.comment.trim();
  if (replyTo !== '' && !isValidEmail(replyTo)) throw invalid('invalid.enterEmail');
  if (comment === '') throw invalid('invalid.enterFeedback');

  const now = ctx.now();
  const recent = await feedbackTimesSince(ctx.db, ctx.userId, now - FEEDBACK_WINDOW_MS + 1);
  if (recent.length >= FEEDBACK_PER_WINDOW) {
    const oldest = recent[recent.length - FEEDBACK_PER_WINDOW] ?? now;
    throw rateLimited(Math.max(1, Math.ceil((oldest + FEEDBACK_WINDOW_MS - now) / 1000)));
  }
  await insertFeedback(ctx.db, {
    user_id: ctx.userId,
    feedback_id: randomUUID(),
    created_at: now,
    email: replyTo,
    comment,
    app_version: appVersion,
  });
  return {
    userId: ctx.userId,
    accountEmail: await accountEmail(ctx.db, ctx.userId),
    replyTo,
    comment,
    appVersion,
    userAgent: ctx.userAgent,
    sentAt: now,
  };
}

/** The mail to the team. The subject names no one and quotes nothing: the outbox logs it. */
export function feedbackMail(to: string, sent: SentFeedback): Mail {
  return {
    to,
    // A reply from the team's mail program reaches the person, not the no-reply sender.
    ...(sent.replyTo ? { replyTo: sent.replyTo } : {}),
    subject: 'Planner feedback',
    text: [
      `Account id: ${sent.userId}`,
      `Account e-mail: ${sent.accountEmail}`,
      `Reply to: ${sent.replyTo || '(not given)'}`,
      `App version: ${sent.appVersion}`,
      `Browser: ${sent.userAgent || '(unknown)'}`,
      `Sent: ${new Date(sent.sentAt).toISOString()}`,
      '',
      sent.comment,
    ].join('\n'),
  };
}
