import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../components/toast-store';
import type { Chunk } from '../data/timeline-queries';
import type { WireReminder } from '../types';
import { remindersAhead, useDueReminderToasts } from './use-due-reminders';

const NOW = Date.UTC(2026, 10, 29, 10, 0);
const MINUTE = 60_000;

function reminder(fields: Partial<WireReminder>): WireReminder {
  return {
    id: 'r',
    instanceId: '',
    title: 'Call the dentist',
    start: NOW + MINUTE,
    allDay: false,
    timezone: '',
    status: 0,
    star: false,
    origin: 0,
    createdAt: 0,
    ...fields,
  };
}

const chunk = (reminders: WireReminder[], start = NOW - 60 * MINUTE): Chunk => ({
  start,
  end: NOW + 24 * 60 * MINUTE,
  containers: [],
  reminders,
});

afterEach(() => {
  vi.useRealTimers();
  for (const toast of toasts.getToasts()) toasts.dismiss(toast.id);
});

describe('reminders coming due on the open agenda', () => {
  it('takes the open timed ones ahead, each occurrence once, soonest first', () => {
    const later = reminder({ id: 'later', start: NOW + 30 * MINUTE });
    const soon = reminder({ id: 'soon' });
    const ahead = remindersAhead(
      [
        chunk([later, soon, reminder({ id: 'past', start: NOW - MINUTE })]),
        // The same occurrence in an overlapping range, a done one and an all-day one.
        chunk([soon, reminder({ id: 'done', status: 1 }), reminder({ id: 'day', allDay: true })]),
      ],
      NOW,
    );
    expect(ahead.map((r) => r.id)).toEqual(['soon', 'later']);
  });

  it('says so with a toast when one comes due, then waits for the next', () => {
    vi.useFakeTimers({ now: NOW });
    const chunks = [
      chunk([reminder({ id: 'a' }), reminder({ id: 'b', title: '', start: NOW + 5 * MINUTE })]),
    ];
    renderHook(() => useDueReminderToasts(chunks, 'Untitled'));
    act(() => vi.advanceTimersByTime(MINUTE - 1));
    expect(toasts.getToasts()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts.getToasts().map((t) => [t.key, t.values])).toEqual([
      ['agenda:reminderDue', { title: 'Call the dentist' }],
    ]);
    // The words stay 15 s; the next reminder, untitled, is told at its own time.
    act(() => vi.advanceTimersByTime(4 * MINUTE));
    expect(toasts.getToasts().map((t) => t.values['title'])).toEqual(['Untitled']);
  });
});
