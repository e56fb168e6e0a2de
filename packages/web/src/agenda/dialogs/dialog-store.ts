import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
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
  | { kind: 'shuffle' }
  | { kind: 'historyLimit' }
  | { kind: 'upgrade'; limit: LimitKind; reason: 'agendaLength' | 'taskLimit' | 'other' }
  | { kind: 'shortcuts' }
  | { kind: 'tips' };

const dialogStore = createStore<{ current: AgendaDialog | null }>(() => ({ current: null }));

export function openDialog(dialog: AgendaDialog): void {
  dialogStore.setState({ current: dialog });
}

export function closeDialog(): void {
  if (dialogStore.getState().current !== null) dialogStore.setState({ current: null });
}

export function useOpenDialog(): AgendaDialog | null {
  return useStore(dialogStore, (state) => state.current);
}
