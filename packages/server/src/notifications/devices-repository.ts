import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Db } from '../rpc/context';

export const DEVICE_TYPES = ['web', 'ios', 'android'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A device row's key: the token's SHA-256 (a token may be 4 KB, too long for a btree key). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Devices kept per user: registering one more drops the one seen longest ago. */
const DEVICES_PER_USER = 20;

/**
 * One row per token: registered again it is updated (and moves to this user and session if
 * another had it, so the old user never gets its pushes).
 */
export async function registerDevice(
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

/** Forgets one of the user's devices by its token's digest. */
export async function deleteDevice(
  db: Kysely<Schema>,
  userId: string,
  digest: string,
): Promise<void> {
  await db
    .deleteFrom('devices')
    .where('user_id', '=', userId)
    .where('token_digest', '=', digest)
    .execute();
}

/** The user's devices as the push delivery needs them. */
export async function pushTargets(
  db: Kysely<Schema>,
  userId: string,
): Promise<{ tokenDigest: string; pushToken: string; deviceType: string }[]> {
  const rows = await db
    .selectFrom('devices')
    .select(['token_digest', 'push_token', 'device_type'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({
    tokenDigest: row.token_digest,
    pushToken: row.push_token,
    deviceType: row.device_type,
  }));
}
