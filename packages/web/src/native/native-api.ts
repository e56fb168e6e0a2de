import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The native feature's calls to the server, in one place: its components call these,
// never the client.

export const getSubscriptionSkus = (
  ...args: [input?: InputInit<'GetSubscriptionSkus'>, options?: CallOptions]
) => call('GetSubscriptionSkus', ...args);
