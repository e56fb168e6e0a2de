import { CalendarService } from '@planner/protocol';
import { SecretBox } from '../calendar-sync/secret-box';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { createFeedSecret, feedUrl, readFeedSecret, revokeFeed } from './ics-feed-service';

const { method } = CalendarService;

/**
 * The ICS feed's secret URL: get, create (regenerate), revoke (issue 17). The secret is kept
 * sealed, so GetIcsFeed can show the URL again; only its hash finds a feed.
 */
export function createIcsFeedMethods(deps: ServiceDeps): MethodDefinition[] {
  let box: SecretBox | undefined;
  // Opened on first use: a server that never serves a feed never makes DATA_DIR/secret.key.
  const secretBox = () => (box ??= SecretBox.fromConfig(deps.config));
  const answer = (secret: string) => ({
    url: secret ? feedUrl(deps.config.publicUrl, secret) : '',
  });
  return [
    defineMethod(method.getIcsFeed, {
      auth: 'required',
      handler: async (_input, ctx) => answer(await readFeedSecret(ctx.db, secretBox(), ctx.userId)),
    }),
    defineMethod(method.createIcsFeed, {
      auth: 'required',
      handler: async (_input, ctx) =>
        answer(await createFeedSecret(ctx.db, secretBox(), ctx.userId, ctx.now())),
    }),
    defineMethod(method.revokeIcsFeed, {
      auth: 'required',
      handler: async (_input, ctx) => {
        await revokeFeed(ctx.db, ctx.userId);
        return {};
      },
    }),
  ];
}
