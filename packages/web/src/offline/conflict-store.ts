import { useSyncExternalStore } from 'react';
import type { ChangeLabel } from './offline-queue';

/** A queued change the server refused when it was sent: shown until the person dismisses it. */
export interface Conflict extends ChangeLabel {
  id: number;
  error: unknown;
}

let conflicts: readonly Conflict[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function addConflict(conflict: Omit<Conflict, 'id'>): void {
  conflicts = [...conflicts, { ...conflict, id: nextId++ }];
  emit();
}

export function dismissConflict(id: number): void {
  conflicts = conflicts.filter((conflict) => conflict.id !== id);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getConflicts = () => conflicts;

/** Refused changes, oldest first. */
export function useConflicts(): readonly Conflict[] {
  return useSyncExternalStore(subscribe, getConflicts, getConflicts);
}
