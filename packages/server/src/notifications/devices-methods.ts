import { DevicesService } from '@planner/protocol';
import { findAccount } from '../accounts/accounts-repository';
import { defaultUserOptions } from '../accounts/accounts-presenter';
import { text } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid, notFound } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import { runNotificationAction } from './notification-actions';
import { fill, NOTIFICATION_TEXTS, notificationLocale } from './notification-texts';
import { pushMessageOf, type NotificationKind } from './notification-pass';
import { appDelivery } from './push-delivery';
import { endpointResolvesPrivate, parseWebSubscription, pushHostsAllowed } from './push-senders';
import { vapidKeys } from './vapid-keys';
import {
  deleteDevice,
  DEVICE_TYPES,
  registerDevice,
  tokenDigest,
  type DeviceType,
} from './devices-repository';

/** A push token (a subscription JSON or an FCM token) is at most 4 KB. */
const PUSH_TOKEN_CHARS = 4096;
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
const m = DevicesService.method;

interface DevicesKit {
  deps: ServiceDeps;
}

export function createDevicesMethods(deps: ServiceDeps): MethodDefinition[] {
  const kit: DevicesKit = { deps };
  return [
    registerDeviceMethod(kit),
    revokeInstallationMethod(kit),
    getPushConfigMethod(kit),
    runNotificationActionMethod(kit),
    testNotificationMethod(kit),
  ];
}

function registerDeviceMethod({ deps }: DevicesKit): MethodDefinition {
  return defineMethod(m.registerDevice, {
    auth: 'required',
    bounds: {
      fcmDeviceToken: text(PUSH_TOKEN_CHARS),
      deviceType: text(16),
      nativeVersion: text(VERSION_CHARS),
      appVersion: text(VERSION_CHARS),
    },
    // The endpoint's name is resolved here, outside the transaction (a lookup can be slow).
    prepare: async (input) => {
      const token = input.fcmDeviceToken.trim();
      const deviceType = (input.deviceType || 'web') as DeviceType;
      if (!DEVICE_TYPES.includes(deviceType)) {
        throw invalid('field "deviceType": ios, android or web');
      }
      if (deviceType !== 'web') {
        if (token === '' || /\s/.test(token))
          throw invalid('field "fcmDeviceToken": the messaging token');
        return { token, deviceType };
      }
      const allowed = pushHostsAllowed(deps.config);
      const subscription = parseWebSubscription(token, allowed);
      if (!subscription || (await endpointResolvesPrivate(subscription, allowed))) {
        throw invalid(
          'field "fcmDeviceToken": a push subscription with an https endpoint on a public host',
        );
      }
      return { token, deviceType };
    },
    handler: async (input, ctx, device) => {
      await registerDevice(ctx.db, ctx.userId, ctx.sessionId, ctx.now(), {
        ...device,
        appVersion: input.appVersion,
        nativeVersion: input.nativeVersion,
      });
      return {};
    },
  });
}

function revokeInstallationMethod(_kit: DevicesKit): MethodDefinition {
  return defineMethod(m.revokeInstallation, {
    auth: 'required',
    bounds: { fcmDeviceToken: text(PUSH_TOKEN_CHARS) },
    handler: async (input, ctx) => {
      await deleteDevice(ctx.db, ctx.userId, tokenDigest(input.fcmDeviceToken.trim()));
      return {};
    },
  });
}

function getPushConfigMethod({ deps }: DevicesKit): MethodDefinition {
  return defineMethod(m.getPushConfig, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const keys = await vapidKeys(ctx.db, deps.config, ctx.now());
      return { vapidPublicKey: keys.publicKey };
    },
  });
}

function runNotificationActionMethod({ deps }: DevicesKit): MethodDefinition {
  // The service worker calls it from a notification's button, without the session token.
  return defineMethod(m.runNotificationAction, {
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
  });
}

function testNotificationMethod({ deps }: DevicesKit): MethodDefinition {
  // Diagnostics: debug-enabled accounts only; others are told it does not exist.
  return defineMethod(m.testNotification, {
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
  });
}
