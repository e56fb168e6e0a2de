import { EMAIL_MAX_LENGTH } from '@planner/core';
import { APP_VERSION, AppService } from '@planner/protocol';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { createFeedback, feedbackMail } from './feedback-service';

/** A long letter fits; a pasted log file does not (docs/help-and-feedback.md). */
export const FEEDBACK_COMMENT_MAX_CHARS = 5_000;

/** CreateFeedback: stored per user, then mailed to FEEDBACK_TO when that is set. */
export function createFeedbackMethods(deps: ServiceDeps): MethodDefinition[] {
  return [
    defineMethod(AppService.method.createFeedback, {
      auth: 'required',
      bounds: {
        email: text(EMAIL_MAX_LENGTH, { key: 'invalid.enterEmail' }),
        comment: text(FEEDBACK_COMMENT_MAX_CHARS),
      },
      handler: async (input, ctx) => {
        const sent = await createFeedback(ctx, input, APP_VERSION);
        const to = deps.config.feedbackTo;
        if (to) ctx.afterCommit(() => deps.mailer.send(feedbackMail(to, sent)));
        return {};
      },
    }),
  ];
}
