import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call } from '../api/client';

// The referral feature's calls to the server, in one place: its components call these,
// never the client.

export const addReferral = (...args: [input?: InputInit<'AddReferral'>, options?: CallOptions]) =>
  call('AddReferral', ...args);

export const redeem = (...args: [input?: InputInit<'Redeem'>, options?: CallOptions]) =>
  call('Redeem', ...args);
