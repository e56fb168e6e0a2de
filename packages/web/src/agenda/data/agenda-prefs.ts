import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readItem, writeItem } from '../../storage/local-storage';
import type { AgendaView } from '../types';

// Local UI choices of this device (docs/design.md): the agenda view (default day) and focus mode.
const VIEW_KEY = 'agenda.view';
const FOCUS_KEY = 'agenda.focusMode';
/** The choices as last saved here; the hooks read storage, which the store's change announces. */
const prefsStore = createStore<{ view: AgendaView | null; focusMode: boolean | null }>(() => ({
  view: null,
  focusMode: null,
}));

export function readSavedView(): AgendaView {
  return readItem(VIEW_KEY) === 'week' ? 'week' : 'day';
}

export function saveView(view: AgendaView): void {
  writeItem(VIEW_KEY, view);
  prefsStore.setState({ view });
}

export function readFocusMode(): boolean {
  return readItem(FOCUS_KEY) === 'true';
}

export function saveFocusMode(on: boolean): void {
  writeItem(FOCUS_KEY, String(on));
  prefsStore.setState({ focusMode: on });
}

export function useFocusMode(): boolean {
  return useStore(prefsStore, readFocusMode);
}
