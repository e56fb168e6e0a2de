import type { Kysely } from 'kysely';
import { keepPushKeys } from './push-keys-repository';
import webPush from 'web-push';
import type { Config } from '../config';
import type { Schema } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const known = new WeakMap<Kysely<Schema>, Promise<VapidKeys>>();

/**
 * The server's Web Push key pair: VAPID_* from the configuration, else a pair made once and kept
 * in `push_keys`. Two processes starting together both try to insert; the first insert wins
 * (the primary key) and both read back the same row.
 */
export function vapidKeys(db: Kysely<Schema>, config: Config, now: number): Promise<VapidKeys> {
  if (config.vapid) return Promise.resolve(config.vapid);
  let keys = known.get(db);
  if (!keys) {
    keys = loadOrCreate(db, config, now);
    keys.catch(() => known.delete(db));
    known.set(db, keys);
  }
  return keys;
}

async function loadOrCreate(db: Kysely<Schema>, config: Config, now: number): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  const row = await keepPushKeys(db, made, now);
  return { ...row, subject: subjectOf(config) };
}

/** Who runs the server, as push services ask: the public https URL, else the mail sender. */
function subjectOf(config: Config): string {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.includes('@') ? address : 'planner@localhost'}`;
}
