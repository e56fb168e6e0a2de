import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Schema } from '../db/schema';
import type { RealtimeEventType } from '../realtime/realtime-hub';
import {
  FcmSender,
  parseWebSubscription,
  pushHostsAllowed,
  sendWebPush,
  type PushMessage,
  type PushOutcome,
} from './push-senders';
import { ApnsSender, isApnsDeviceToken } from './apns-sender';
import { deleteDevice, pushTargets } from './devices-repository';
import { vapidKeys } from './vapid-keys';

/**
 * Sends push messages to a user's registered devices: Web Push for browsers, APNs for iOS apps
 * (when configured), FCM for the other apps.
 */
export class PushDelivery {
  private readonly fcm: FcmSender | undefined;
  private readonly apns: ApnsSender | undefined;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly config: Config,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.fcm = config.fcm ? new FcmSender(config.fcm) : undefined;
    this.apns = config.apns ? new ApnsSender(config.apns) : undefined;
  }

  /** Closes what is kept open (the APNs connection). */
  close(): void {
    this.apns?.close();
  }

  /**
   * Sends `message` to every device of the user (`nativeOnly`: apps only). A device its push
   * service calls gone (404, 410, FCM UNREGISTERED, APNs Unregistered or BadDeviceToken) is
   * deleted. Answers how many took it.
   */
  async deliver(
    userId: string,
    message: PushMessage,
    now: number,
    { nativeOnly = false }: { nativeOnly?: boolean } = {},
  ): Promise<number> {
    const devices = await pushTargets(this.db, userId);
    let delivered = 0;
    for (const device of devices) {
      if (nativeOnly && device.deviceType === 'web') continue;
      const outcome = await this.sendOne(device.deviceType, device.pushToken, message, now);
      if (outcome === 'sent') delivered += 1;
      if (outcome === 'gone') await deleteDevice(this.db, userId, device.tokenDigest);
      if (outcome === 'failed')
        this.log.warn({ deviceType: device.deviceType }, 'push not delivered');
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
      const allowed = pushHostsAllowed(this.config);
      const subscription = parseWebSubscription(token, allowed);
      if (!subscription) return 'gone';
      const keys = await vapidKeys(this.db, this.config, now);
      return sendWebPush(subscription, message, keys, allowed);
    }
    // An iOS app's token is the APNs device token (hex). Without APNs configured, or when the
    // shell sent an FCM token (Firebase Messaging in the shell), it goes through FCM as before.
    if (deviceType === 'ios' && this.apns && isApnsDeviceToken(token)) {
      return this.apns.send(token, message, now);
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
