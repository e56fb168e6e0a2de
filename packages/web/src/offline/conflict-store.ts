import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ChangeLabel } from './offline-queue';

/** A queued change the server refused when it was sent: shown until the person dismisses it. */
export interface Conflict extends ChangeLabel {
  id: number;
  error: unknown;
}

const conflictStore = createStore<{ conflicts: readonly Conflict[]; nextId: number }>(() => ({
  conflicts: [],
  nextId: 1,
}));

export function addConflict(conflict: Omit<Conflict, 'id'>): void {
  conflictStore.setState(({ conflicts, nextId }) => ({
    conflicts: [...conflicts, { ...conflict, id: nextId }],
    nextId: nextId + 1,
  }));
}

export function dismissConflict(id: number): void {
  conflictStore.setState(({ conflicts }) => ({
    conflicts: conflicts.filter((conflict) => conflict.id !== id),
  }));
}

/** Refused changes, oldest first. */
export function useConflicts(): readonly Conflict[] {
  return useStore(conflictStore, (state) => state.conflicts);
}
