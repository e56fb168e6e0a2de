import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The premium feature's calls to the server, in one place: its components call these,
// never the client.

export const getSubscriptions = (
  ...args: [input?: InputInit<'GetSubscriptions'>, options?: CallOptions]
) => call('GetSubscriptions', ...args);
