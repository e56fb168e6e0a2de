import { TIMELINE_API_VERSION } from '@planner/core';
import type { Plain, TimelineState } from '@planner/protocol';
import type { CallOptions } from '@planner/protocol/client';
import { call } from './client';
import { recordClockSample } from './server-clock';

/** The timeline state as the protocol edge hands it over (numbers, no bigint). */
export type WireTimelineState = Plain<TimelineState>;

/** A span of time in epoch milliseconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** Every answer carrying serverTime is a clock sample (spec 4: clock offset). */
async function sampled<T>(
  request: () => Promise<T>,
  stateOf: (answer: T) => WireTimelineState | undefined,
): Promise<T> {
  const sentAt = Date.now();
  const answer = await request();
  const serverTime = stateOf(answer)?.serverTime ?? 0;
  recordClockSample({ sentAt, receivedAt: Date.now(), serverTime });
  return answer;
}

export function fetchTimeline(range: TimeRange, options?: CallOptions) {
  return sampled(
    () =>
      call(
        'GetTimeline',
        { start: range.start, end: range.end, version: TIMELINE_API_VERSION, includeAll: false },
        options,
      ),
    (answer) => answer.timelineState,
  );
}

/** Polling and checks run in the background: no retries, no loading indicator (spec 4). */
export function fetchTimelineState(options: CallOptions = { retry: false, showLoading: false }) {
  return sampled(
    () => call('GetTimelineState', {}, options),
    (answer) => answer,
  );
}
