import type { AgendaView, WireEventInstance, WireReminder } from './types';

/** Routes of spec 2 the agenda links to (the editor screens are another feature's). */
export const agendaRoute = (view: AgendaView, date: number) => `/agenda/${view}/${date}`;
export const taskRoute = (id: string) => `/task/${encodeURIComponent(id)}`;
export const newTaskRoute = (title = '') =>
  title ? `/tasks/create?title=${encodeURIComponent(title)}` : '/tasks/create';
export const newEventRoute = (title = '') =>
  title ? `/events/create?title=${encodeURIComponent(title)}` : '/events/create';
export const newReminderRoute = (start?: number) =>
  start === undefined ? '/reminders/create' : `/reminders/create?start=${start}`;
export const eventRoute = (
  e: Pick<WireEventInstance, 'id' | 'start' | 'end' | 'instanceNumber' | 'isVirtual'>,
) =>
  `/event/${encodeURIComponent(e.id)}/${e.start}/${e.end}/${e.instanceNumber}/${String(e.isVirtual)}`;
export const reminderRoute = (r: Pick<WireReminder, 'id' | 'start'>) =>
  `/reminders/${encodeURIComponent(r.id)}/${r.start}`;
