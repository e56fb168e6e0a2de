import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../../api/client';

// The agenda feature's calls to the server, in one place: its components call these,
// never the client.

export const getOverdueReminders = (...args: [input?: InputInit<'GetOverdueReminders'>, options?: CallOptions]) =>
  call('GetOverdueReminders', ...args);

export const getTasks = (...args: [input?: InputInit<'GetTasks'>, options?: CallOptions]) =>
  call('GetTasks', ...args);

export const searchEvent = (...args: [input?: InputInit<'SearchEvent'>, options?: CallOptions]) =>
  call('SearchEvent', ...args);
