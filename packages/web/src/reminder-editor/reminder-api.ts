import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The reminder-editor feature's calls to the server, in one place: its components call these,
// never the client.

export const getReminders = (...args: [input?: InputInit<'GetReminders'>, options?: CallOptions]) =>
  call('GetReminders', ...args);

/** The query of the reminder an editor shows: the reminder's id and the occurrence's start follow. */
export const REMINDER_EDITOR_KEY = ['editors', 'reminder'] as const;
