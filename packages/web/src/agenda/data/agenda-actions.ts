import type { InputInit } from '@planner/protocol';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import type { WireTimelineState } from '../types';
import { runExclusive } from './busy-actions';
import { recordClockSample } from './clock-offset';
import { applyTimelineState, reloadTimeline } from './timeline-queries';

export const overdueRemindersKey = ['agenda', 'overdueReminders'] as const;

/**
 * A control answers the new timeline state: it goes into the query cache at once, and the agenda
 * reloads the ranges whose plan it overtook (use-timeline.ts).
 */
async function control(name: string, request: () => Promise<WireTimelineState>) {
  return runExclusive(name, async () => {
    const sentAt = Date.now();
    const state = await request();
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
  next: () => control('next', () => call('Next')),
  /** Pause, or play when paused or in a break (the server toggles). */
  pause: () => control('pause', () => call('Pause')),
  shuffle: () => control('shuffle', () => call('Shuffle')),
  takeBreak: (restMs: number) =>
    control('rest', () => call('OrganizeTimeblocks', { rest: restMs })),
  setAutoExtend: (autoExtend: boolean) =>
    control('autoExtend', () => call('SetTimelineState', { autoExtend })),
  doItNow: (taskId: string, keepCurrent: boolean) =>
    control('organize', () => call('OrganizeTimeblocks', { nextTask: taskId, keepCurrent })),

  lockTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('LockTimeblock', { timeblock: { id, start, end } })),
  unlockTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('UnlockTimeblock', { timeblock: { id, start, end } })),
  updateTimeblock: (id: string, start: number, end: number) =>
    edit('timeblock', () => call('UpdateTimeblock', { timeblock: { id, start, end } })),
  addTimeblock: (input: InputInit<'AddTimeblock'>) =>
    edit('addRecord', () => call('AddTimeblock', input)),
  putTask: (input: InputInit<'PutTask'>) => edit('task', () => call('PutTask', input)),
  confirmTasks: (input: InputInit<'PutMultipleTasks'>) =>
    edit('unconfirmed', () => call('PutMultipleTasks', input)),

  toggleReminder: (input: InputInit<'ToggleThisReminder'>) =>
    reminderEdit('reminder', () => call('ToggleThisReminder', input)),
  updateReminder: (input: InputInit<'UpdateReminder'>) =>
    reminderEdit('reminder', () => call('UpdateReminder', input)),
  createReminder: (input: InputInit<'CreateReminder'>) =>
    reminderEdit('quickAdd', () => call('CreateReminder', input)),
  cleanOverdueReminders: () => reminderEdit('cleanOverdue', () => call('CleanOverdueReminders')),
};

/** Reminders come with the timeline and in the overdue list: both are refreshed. */
async function reminderEdit<T>(name: string, request: () => Promise<T>) {
  return runExclusive(name, async () => {
    const answer = await request();
    await Promise.all([
      reloadTimeline(queryClient),
      queryClient.invalidateQueries({ queryKey: overdueRemindersKey }),
    ]);
    return answer;
  });
}
