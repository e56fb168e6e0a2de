import { useSyncExternalStore } from 'react';
import type { LimitKind } from '../upgrade';
import type { DayBlock } from '../model/day-model';
import type { TimeRange, WireReminder, WireTask } from '../types';

/** The agenda's dialogs (spec 2, "Dialogs in this area"); one shows at a time. */
export type AgendaDialog =
  | { kind: 'addRecord'; window: TimeRange }
  | { kind: 'editTimeblock'; block: DayBlock }
  | { kind: 'deleteRecord'; block: DayBlock }
  | { kind: 'unlock'; block: DayBlock }
  | { kind: 'doItNow'; task: WireTask; keepCurrent: boolean }
  | { kind: 'markDone'; task: WireTask }
  | { kind: 'reopen'; task: WireTask }
  | { kind: 'dueStatus'; task: WireTask }
  | { kind: 'postpone'; reminder: WireReminder }
  | { kind: 'clearOverdue'; count: number }
  | { kind: 'takeBreak' }
  | { kind: 'historyLimit' }
  | { kind: 'upgrade'; limit: LimitKind; reason: 'agendaLength' | 'taskLimit' | 'other' }
  | { kind: 'shortcuts' }
  | { kind: 'tips' };

let current: AgendaDialog | null = null;
const listeners = new Set<() => void>();

export function openDialog(dialog: AgendaDialog): void {
  current = dialog;
  listeners.forEach((listener) => listener());
}

export function closeDialog(): void {
  if (current === null) return;
  current = null;
  listeners.forEach((listener) => listener());
}

export function useOpenDialog(): AgendaDialog | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
