import type { RealtimeHub, RealtimeMessageType } from './realtime-hub';

/**
 * How work outside a method call (timers, sync passes, notification passes, the session ends of
 * a call) tells a user's open streams about a change it committed. Method calls declare theirs
 * (`changes`, `replans`) and the RPC runtime sends them.
 */
export function publishChange(
  realtime: Pick<RealtimeHub, 'publish'>,
  userId: string,
  type: RealtimeMessageType,
  /** The session whose call caused it, which is not told; '' when none. */
  originSessionId = '',
): Promise<void> {
  return realtime.publish({ userId, type, originSessionId });
}
