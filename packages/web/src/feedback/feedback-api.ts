import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The feedback feature's calls to the server, in one place: its components call these,
// never the client.

export const createFeedback = (
  ...args: [input?: InputInit<'CreateFeedback'>, options?: CallOptions]
) => call('CreateFeedback', ...args);
