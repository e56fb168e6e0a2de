import { useEffect, useState } from 'react';
import { serverNow } from '../../api/server-clock';
import { showToast } from '../../components/toast-store';
import type { Chunk } from '../data/timeline-queries';

/** setTimeout takes at most 2^31 - 1 ms; a later reminder is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long the words stay: long enough to read them after looking up from something else. */
const DUE_TOAST_MS = 15_000;

/** The open timed reminders of the loaded ranges due after `now`, each occurrence once. */
export function remindersAhead(chunks: readonly Chunk[], now: number) {
  const seen = new Set<string>();
  return chunks
    .flatMap((chunk) => chunk.reminders)
    .filter((reminder) => {
      const key = `${reminder.instanceId || reminder.id}@${reminder.start}`;
      if (reminder.status !== 0 || reminder.allDay || reminder.start <= now || seen.has(key)) {
        return false;
      }
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.start - b.start);
}

/**
 * A timed reminder that comes due while the agenda is open says so with a toast (by the server's
 * clock, as the agenda tells time), so a person without notifications on this device still
 * hears of it. Push and the native shells' local notifications tell the rest of the time.
 */
export function useDueReminderToasts(chunks: readonly Chunk[], untitled: string): void {
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const ahead = remindersAhead(chunks, serverNow());
    const next = ahead[0];
    if (!next) return undefined;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, next.start - serverNow()));
    const timer = setTimeout(() => {
      for (const reminder of ahead) {
        if (reminder.start !== next.start || wait === MAX_TIMER_MS) continue;
        showToast({
          key: 'agenda:reminderDue',
          values: { title: reminder.title || untitled },
          timeoutMs: DUE_TOAST_MS,
        });
      }
      setChecks((count) => count + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [chunks, untitled, checks]);
}
