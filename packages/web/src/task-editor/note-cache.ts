import { readItem, removeItem, writeItem } from '../storage/local-storage';

// Spec 3: a task's note is also cached locally per task id, so the screen shows it at once and a
// note typed offline is not lost with the tab.
const keyOf = (taskId: string) => `taskNote:${taskId}`;

export function readCachedNote(taskId: string): string | undefined {
  return readItem(keyOf(taskId)) ?? undefined;
}

export function writeCachedNote(taskId: string, note: string): void {
  if (note === '') removeItem(keyOf(taskId));
  else writeItem(keyOf(taskId), note);
}
