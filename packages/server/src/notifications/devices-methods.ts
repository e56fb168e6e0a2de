import { DevicesService } from '@planner/protocol';
import { findAccount } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { Db } from '../rpc/context';
import { invalid, notFound } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import { runNotificationAction } from './notification-actions';
import { fill, NOTIFICATION_TEXTS, notificationLocale } from './notification-texts';
import { pushMessageOf, type NotificationKind } from './notification-pass';
import { appDelivery, DEVICE_TYPES, tokenDigest, type DeviceType } from './push-delivery';
import { parseWebSubscription } from './push-senders';
import { vapidKeys } from './vapid-keys';

/** A push token (a subscription JSON or an FCM token) is at most 4 KB. */
export const PUSH_TOKEN_CHARS = 4096;
/** Devices kept per user: registering one more drops the one seen longest ago. */
export const DEVICES_PER_USER = 20;
const VERSION_CHARS = 64;
const TEST_KINDS: readonly NotificationKind[] = [
  'task',
  'event',
  'reminder',
  'longSession',
  'nearEnd',
  'autoExtended',
];

/** RegisterDevice, RevokeInstallation, GetPushConfig, RunNotificationAction, TestNotification (docs/notifications.md). */
export function createDevicesMethods(deps: ServiceDeps): MethodDefinition[] {
  const m = DevicesService.method;
  return [
    defineMethod(m.registerDevice, {
      auth: 'required',
      bounds: {
        fcmDeviceToken: text(PUSH_TOKEN_CHARS),
        deviceType: text(16),
        nativeVersion: text(VERSION_CHARS),
        appVersion: text(VERSION_CHARS),
      },
      handler: async (input, ctx) => {
        const deviceType = (input.deviceType || 'web') as DeviceType;
        if (!DEVICE_TYPES.includes(deviceType)) {
          throw invalid('field "deviceType": ios, android or web');
        }
        const token = input.fcmDeviceToken.trim();
        if (deviceType === 'web' && !parseWebSubscription(token, deps.config.testClock)) {
          throw invalid('field "fcmDeviceToken": a push subscription with an https endpoint');
        }
        if (deviceType !== 'web' && (token === '' || /\s/.test(token))) {
          throw invalid('field "fcmDeviceToken": the messaging token');
        }
        await registerDevice(ctx.db, ctx.userId, ctx.sessionId, ctx.now(), {
          token,
          deviceType,
          appVersion: input.appVersion,
          nativeVersion: input.nativeVersion,
        });
        return {};
      },
    }),
    defineMethod(m.revokeInstallation, {
      auth: 'required',
      bounds: { fcmDeviceToken: text(PUSH_TOKEN_CHARS) },
      handler: async (input, ctx) => {
        await ctx.db
          .deleteFrom('devices')
          .where('user_id', '=', ctx.userId)
          .where('token_digest', '=', tokenDigest(input.fcmDeviceToken.trim()))
          .execute();
        return {};
      },
    }),
    defineMethod(m.getPushConfig, {
      auth: 'required',
      handler: async (_input, ctx) => {
        const keys = await vapidKeys(ctx.db, deps.config, ctx.now());
        return { vapidPublicKey: keys.publicKey };
      },
    }),
    // The service worker calls it from a notification's button, without the session token.
    defineMethod(m.runNotificationAction, {
      auth: 'none',
      bounds: { actionToken: text(64), action: text(16) },
      handler: async (input, ctx) => {
        const userId = await runNotificationAction(
          ctx,
          deps.realtime,
          input.actionToken,
          input.action,
        );
        ctx.afterCommit(async () => {
          await appDelivery(deps.jobs).refresh(userId, 'timelineStateUpdated', ctx.now());
        });
        return {};
      },
    }),
    // Diagnostics: debug-enabled accounts only; others are told it does not exist.
    defineMethod(m.testNotification, {
      auth: 'required',
      bounds: { kind: text(16) },
      handler: async (input, ctx) => {
        const account = await findAccount(ctx.db, ctx.userId, defaultUserOptions());
        if (!account?.debugEnabled) throw notFound();
        const kind = (input.kind || 'task') as NotificationKind;
        if (!TEST_KINDS.includes(kind)) throw invalid('field "kind": a notification kind');
        const texts = NOTIFICATION_TEXTS[notificationLocale(account.options.locale)];
        const now = ctx.now();
        const message = pushMessageOf(
          {
            key: `test:${kind}:${now}`,
            kind,
            fireAt: now,
            staleAt: now + 5 * 60_000,
            title: texts.testTitle,
            body: fill(texts.eventStartsAt, { time: new Date(now).toISOString().slice(11, 16) }),
            route: '/agenda',
            actions: [],
          },
          now,
          undefined,
        );
        const userId = ctx.userId;
        ctx.afterCommit(async () => {
          await appDelivery(deps.jobs).deliver(userId, message, now);
        });
        return {};
      },
    }),
  ];
}

/**
 * One row per token: registered again it is updated (and moves to this user and session if
 * another had it, so the old user never gets its pushes).
 */
async function registerDevice(
  db: Db,
  userId: string,
  sessionId: string,
  now: number,
  device: { token: string; deviceType: DeviceType; appVersion: string; nativeVersion: string },
): Promise<void> {
  const digest = tokenDigest(device.token);
  const mine = await db
    .selectFrom('devices')
    .select(['token_digest', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
  if (!mine.some((d) => d.token_digest === digest)) {
    const dropped = mine.slice(DEVICES_PER_USER - 1).map((d) => d.token_digest);
    if (dropped.length > 0) {
      await db
        .deleteFrom('devices')
        .where('user_id', '=', userId)
        .where('token_digest', 'in', dropped)
        .execute();
    }
  }
  const fields = {
    user_id: userId,
    push_token: device.token,
    device_type: device.deviceType,
    app_version: device.appVersion,
    native_version: device.nativeVersion,
    session_id: sessionId,
    last_seen_at: now,
  };
  await db
    .insertInto('devices')
    .values({ ...fields, token_digest: digest, created_at: now })
    .onConflict((c) => c.column('token_digest').doUpdateSet(fields))
    .execute();
}
