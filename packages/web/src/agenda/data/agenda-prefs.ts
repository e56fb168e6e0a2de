import { useSyncExternalStore } from 'react';
import { readItem, writeItem } from '../../storage/local-storage';
import type { AgendaView } from '../types';

// Local UI choices of this device (docs/design.md): the agenda view (default day) and focus mode.
const VIEW_KEY = 'agenda.view';
const FOCUS_KEY = 'agenda.focusMode';
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function readSavedView(): AgendaView {
  return readItem(VIEW_KEY) === 'week' ? 'week' : 'day';
}

export function saveView(view: AgendaView): void {
  writeItem(VIEW_KEY, view);
  emit();
}

export function readFocusMode(): boolean {
  return readItem(FOCUS_KEY) === 'true';
}

export function saveFocusMode(on: boolean): void {
  writeItem(FOCUS_KEY, String(on));
  emit();
}

export function useFocusMode(): boolean {
  return useSyncExternalStore(subscribe, readFocusMode, () => false);
}
