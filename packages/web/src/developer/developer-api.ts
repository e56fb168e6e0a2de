import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The developer feature's calls to the server, in one place: its components call these,
// never the client.

export const meta = (...args: [input?: InputInit<'Meta'>, options?: CallOptions]) =>
  call('Meta', ...args);

/** Whether an address answers as a Planner server (the developer's API address chooser). */
export { probeApiBase } from '../api/client';
