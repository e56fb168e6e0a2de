import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The task-editor feature's calls to the server, in one place: its components call these,
// never the client.

export const getTimeStatistics = (
  ...args: [input?: InputInit<'GetTimeStatistics'>, options?: CallOptions]
) => call('GetTimeStatistics', ...args);
