import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Schema } from '../db/schema';
import type { RealtimeEventType } from '../realtime/realtime-hub';
import {
  FcmSender,
  parseWebSubscription,
  sendWebPush,
  type PushMessage,
  type PushOutcome,
} from './push-senders';
import { vapidKeys } from './vapid-keys';

export const DEVICE_TYPES = ['web', 'ios', 'android'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sends push messages to a user's registered devices: Web Push for browsers, FCM for apps. */
export class PushDelivery {
  private readonly fcm: FcmSender | undefined;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly config: Config,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.fcm = config.fcm ? new FcmSender(config.fcm) : undefined;
  }

  /**
   * Sends `message` to every device of the user (`nativeOnly`: apps only). A device its push
   * service calls gone (404, 410, FCM UNREGISTERED) is deleted. Answers how many took it.
   */
  async deliver(
    userId: string,
    message: PushMessage,
    now: number,
    { nativeOnly = false }: { nativeOnly?: boolean } = {},
  ): Promise<number> {
    const devices = await this.db
      .selectFrom('devices')
      .select(['token_digest', 'push_token', 'device_type'])
      .where('user_id', '=', userId)
      .execute();
    let delivered = 0;
    for (const device of devices) {
      if (nativeOnly && device.device_type === 'web') continue;
      const outcome = await this.sendOne(device.device_type, device.push_token, message, now);
      if (outcome === 'sent') delivered += 1;
      if (outcome === 'gone') {
        await this.db
          .deleteFrom('devices')
          .where('user_id', '=', userId)
          .where('token_digest', '=', device.token_digest)
          .execute();
      }
      if (outcome === 'failed')
        this.log.warn({ deviceType: device.device_type }, 'push not delivered');
    }
    return delivered;
  }

  /** A refresh message (timelineStateUpdated, ...) to the user's apps; browsers use the stream. */
  refresh(userId: string, type: RealtimeEventType, now: number): Promise<number> {
    return this.deliver(userId, { payload: { type }, ttlSeconds: 300, urgency: 'normal' }, now, {
      nativeOnly: true,
    });
  }

  private async sendOne(
    deviceType: string,
    token: string,
    message: PushMessage,
    now: number,
  ): Promise<PushOutcome | 'skipped'> {
    if (deviceType === 'web') {
      const subscription = parseWebSubscription(token, this.config.testClock);
      if (!subscription) return 'gone';
      return sendWebPush(subscription, message, await vapidKeys(this.db, this.config, now));
    }
    // Without FCM_SERVICE_ACCOUNT the apps get nothing (they schedule local notifications).
    if (!this.fcm) return 'skipped';
    return this.fcm.send(token, message, now);
  }
}

/**
 * The app's delivery, made where the database is known (registerNotificationJobs) and found by
 * the method modules through the app's `jobs` (one per app), so sends after a commit use the pool.
 */
const deliveries = new WeakMap<object, PushDelivery>();

export function setAppDelivery(app: object, delivery: PushDelivery): void {
  deliveries.set(app, delivery);
}

export function appDelivery(app: object): PushDelivery {
  const delivery = deliveries.get(app);
  if (!delivery) throw new Error('push delivery used before registerNotificationJobs');
  return delivery;
}
