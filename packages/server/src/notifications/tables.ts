/** Rows of the notifications domain (migration 0019). Instants are int8 ms. */
interface DeviceRow {
  user_id: string;
  token_digest: string;
  /** Web: the PushSubscription JSON; native: the FCM registration token. Never answered. */
  push_token: string;
  device_type: string;
  app_version: string;
  native_version: string;
  session_id: string;
  created_at: number;
  last_seen_at: number;
}

interface NotificationSentRow {
  user_id: string;
  key: string;
  fire_at: number;
  sent_at: number;
}

interface NotificationActionRow {
  user_id: string;
  token_hash: string;
  block_id: string;
  expires_at: number;
  /** 0 until used. */
  used_at: number;
}

interface PushKeyRow {
  name: string;
  public_key: string;
  private_key: string;
  created_at: number;
}

export interface NotificationsTables {
  devices: DeviceRow;
  notifications_sent: NotificationSentRow;
  notification_actions: NotificationActionRow;
  push_keys: PushKeyRow;
}
