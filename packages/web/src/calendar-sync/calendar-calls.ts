import type { CallOptions, InputInit } from '@planner/protocol/client';
import { call, chain } from '../api/client';
import type { CalendarEntry } from './calendar-api';

// The calendar settings' calls to the server (Google, CalDAV, ICS, Apple), in one place: the
// settings components call these, never the client. Apart from calendar-api.ts, which the
// agenda's first load carries, so these load only with the settings.

export const addCalDavAccount = (
  ...args: [input?: InputInit<'AddCalDavAccount'>, options?: CallOptions]
) => call('AddCalDavAccount', ...args);

export const createIcsFeed = (
  ...args: [input?: InputInit<'CreateIcsFeed'>, options?: CallOptions]
) => call('CreateIcsFeed', ...args);

export const getAppleCalendarBindRelationship = (
  ...args: [input?: InputInit<'GetAppleCalendarBindRelationship'>, options?: CallOptions]
) => call('GetAppleCalendarBindRelationship', ...args);

export const removeCalDavAccount = (
  ...args: [input?: InputInit<'RemoveCalDavAccount'>, options?: CallOptions]
) => call('RemoveCalDavAccount', ...args);

export const revokeIcsFeed = (
  ...args: [input?: InputInit<'RevokeIcsFeed'>, options?: CallOptions]
) => call('RevokeIcsFeed', ...args);

export const syncCalDavAccount = (
  ...args: [input?: InputInit<'SyncCalDavAccount'>, options?: CallOptions]
) => call('SyncCalDavAccount', ...args);

export const syncGoogleCalendar = (
  ...args: [input?: InputInit<'SyncGoogleCalendar'>, options?: CallOptions]
) => call('SyncGoogleCalendar', ...args);

export const unbindGoogleCalendar = (
  ...args: [input?: InputInit<'UnbindGoogleCalendar'>, options?: CallOptions]
) => call('UnbindGoogleCalendar', ...args);

export const updateAppleCalendarBindRelationship = (
  ...args: [input?: InputInit<'UpdateAppleCalendarBindRelationship'>, options?: CallOptions]
) => call('UpdateAppleCalendarBindRelationship', ...args);

export const updateCalDavAccount = (
  ...args: [input?: InputInit<'UpdateCalDavAccount'>, options?: CallOptions]
) => call('UpdateCalDavAccount', ...args);

export const getGoogleCalendarSyncOptions = () => call('GetGoogleCalendarSyncOptions');

export const prepareGoogleCalendarSync = (input: InputInit<'PrepareGoogleCalendarSync'>) =>
  call('PrepareGoogleCalendarSync', input);

/** The chosen calendars saved and synced at once, in one request and one transaction. */
export function saveGoogleCalendarsAndSync(entryOptions: CalendarEntry[]) {
  return chain([
    {
      method: 'UpdateGoogleCalendarSyncOptions',
      data: { options: { syncEnabled: true, entryOptions } },
    },
    { method: 'SyncGoogleCalendar' },
  ] as const);
}
