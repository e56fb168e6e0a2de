import type { InputInit } from '@planner/protocol';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { sendChange, type ChangeLabel, type QueuedMethod } from '../../offline/offline-queue';
import type { WireTimelineState } from '../types';
import { runExclusive } from './busy-actions';
import { recordClockSample } from '../../api/server-clock';
import { applyTimelineState } from '../../api/timeline-state';
import { reloadTimeline } from './timeline-queries';

export const overdueRemindersKey = ['agenda', 'overdueReminders'] as const;

/** Sent now, or queued while offline (src/offline): then there is no answer yet. */
type Sent<T> = { queued: true } | { queued: false; answer: T };

/** A change that waits in the offline queue when there is no connection. */
function queued<M extends QueuedMethod>(method: M, input: InputInit<M>, label: ChangeLabel) {
  return () => sendChange(queryClient, method, input, label);
}

const CONTROL = { title: '' } as const;

/**
 * A control answers the new timeline state: it goes into the query cache at once, and the agenda
 * reloads the ranges whose plan it overtook (use-timeline.ts). Offline it is queued and answers
 * undefined.
 */
async function control(name: string, request: () => Promise<Sent<WireTimelineState>>) {
  return runExclusive(name, async () => {
    const sentAt = Date.now();
    const sent = await request();
    if (sent.queued) return undefined;
    const state = sent.answer;
    // Every answer with serverTime is a clock sample (spec 4).
    recordClockSample({ sentAt, receivedAt: Date.now(), serverTime: state.serverTime });
    applyTimelineState(queryClient, state);
    return state;
  });
}

/** Block and task edits answer the item; the plan re-flows on the server, so reload it. */
async function edit<T>(name: string, request: () => Promise<T>) {
  return runExclusive(name, async () => {
    const answer = await request();
    await reloadTimeline(queryClient);
    return answer;
  });
}

export const agendaActions = {
  next: () => control('next', queued('Next', {}, { ...CONTROL, action: 'next' })),
  /** Pause, or play when paused or in a break (the server toggles). */
  pause: () => control('pause', queued('Pause', {}, { ...CONTROL, action: 'pause' })),
  shuffle: () => control('shuffle', queued('Shuffle', {}, { ...CONTROL, action: 'shuffle' })),
  takeBreak: (restMs: number) =>
    control('rest', queued('OrganizeTimeblocks', { rest: restMs }, { ...CONTROL, action: 'rest' })),
  setAutoExtend: (autoExtend: boolean) =>
    control(
      'autoExtend',
      queued('SetTimelineState', { autoExtend }, { ...CONTROL, action: 'autoExtend' }),
    ),
  doItNow: (taskId: string, keepCurrent: boolean, title = '') =>
    control(
      'organize',
      queued(
        'OrganizeTimeblocks',
        { nextTask: taskId, keepCurrent },
        { action: 'doNow', title, itemId: taskId },
      ),
    ),

  lockTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('LockTimeblock', { timeblock: { id, start, end } })),
  unlockTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('UnlockTimeblock', { timeblock: { id, start, end } })),
  updateTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('UpdateTimeblock', { timeblock: { id, start, end } })),
  addTimeblock: (input: InputInit<'AddTimeblock'>) =>
    edit('addRecord', () => call('AddTimeblock', input)),
  putTask: (input: InputInit<'PutTask'>, title = '') =>
    queuedEdit('task', () =>
      sendChange(queryClient, 'PutTask', input, {
        action: input.task?.isCompleted === true ? 'completeTask' : 'updateTask',
        title,
        ...(input.task?.id ? { itemId: input.task.id } : {}),
      }),
    ),
  confirmTasks: (input: InputInit<'PutMultipleTasks'>) =>
    edit('unconfirmed', () => call('PutMultipleTasks', input)),

  toggleReminder: (input: InputInit<'ToggleThisReminder'>, title = '') =>
    reminderEdit(
      'reminder',
      queued('ToggleThisReminder', input, { action: 'toggleReminder', title }),
    ),
  updateReminder: (input: InputInit<'UpdateReminder'>) =>
    reminderEdit(
      'reminder',
      queued('UpdateReminder', input, {
        action: 'updateReminder',
        title: input.reminder?.title ?? '',
        ...(input.reminder?.id ? { itemId: input.reminder.id } : {}),
      }),
    ),
  createReminder: (input: InputInit<'CreateReminder'>) =>
    reminderEdit(
      'quickAdd',
      queued('CreateReminder', input, {
        action: 'createReminder',
        title: input.reminder?.title ?? '',
      }),
    ),
  cleanOverdueReminders: () =>
    reminderEdit('cleanOverdue', async () => ({
      queued: false as const,
      answer: await call('CleanOverdueReminders'),
    })),
};

/** A task edit from the agenda (done, deadline): queued offline, else the plan reloads. */
async function queuedEdit<T>(name: string, request: () => Promise<Sent<T>>) {
  return runExclusive(name, async () => {
    const sent = await request();
    if (sent.queued) return undefined;
    await reloadTimeline(queryClient);
    return sent.answer;
  });
}

/** Reminders come with the timeline and in the overdue list: both are refreshed. */
async function reminderEdit<T>(name: string, request: () => Promise<Sent<T>>) {
  return runExclusive(name, async () => {
    const sent = await request();
    if (sent.queued) return undefined;
    const answer = sent.answer;
    await Promise.all([
      reloadTimeline(queryClient),
      queryClient.invalidateQueries({ queryKey: overdueRemindersKey }),
    ]);
    return answer;
  });
}
