import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The event-editor feature's calls to the server, in one place: its components call these,
// never the client.

export const getEvent = (...args: [input?: InputInit<'GetEvent'>, options?: CallOptions]) =>
  call('GetEvent', ...args);

/** The query of the event an editor shows: the route's event id and instance number follow. */
export const EVENT_EDITOR_KEY = ['editors', 'event'] as const;
