import { DAY_MS } from '@planner/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Output } from '@planner/protocol';
import { fetchTimeline } from '../api/timed-call';
import { displayTimeZone } from '../agenda/agenda-date';
import { hour12Of } from '../agenda/model/format';
import { call } from '../api/client';
import { profileQueryKey } from '../api/profile';
import type { NativeBridge } from '../bridge/bridge-contract';
import { planLocalNotifications, type Translate } from './local-notifications';

/** How far ahead local notifications are planned (30 of them rarely reach past two days). */
export const SCHEDULE_AHEAD_MS = 2 * DAY_MS;

/** The next local notifications, planned from the timeline ahead and handed to the shell. */
export async function scheduleAhead(options: {
  bridge: NativeBridge;
  client: QueryClient;
  now: number;
  tag: string;
  t: Translate;
}): Promise<number> {
  const { bridge, client, now } = options;
  const profile = await client.ensureQueryData<Output<'GetUserProfile'>>({
    queryKey: profileQueryKey,
    queryFn: () => call('GetUserProfile'),
  });
  const userOptions = profile.options ?? profile.user?.options;
  const answer = await fetchTimeline(
    { start: now, end: now + SCHEDULE_AHEAD_MS },
    { retry: false, showLoading: false },
  );
  const notifications = planLocalNotifications({
    containers: answer.blockContainers,
    now,
    timeZone: displayTimeZone(userOptions?.timezone),
    tag: options.tag,
    hour12: hour12Of(userOptions?.timeFormat),
    taskNotificationEnabled: userOptions?.taskNotificationEnabled ?? true,
    taskNotificationOffset: userOptions?.taskNotificationOffset ?? 0,
    t: options.t,
  });
  await bridge.scheduleNotifications(notifications);
  return notifications.length;
}
