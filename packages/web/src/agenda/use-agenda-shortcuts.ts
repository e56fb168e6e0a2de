import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useWindowKey } from '../components/use-window-key';
import { fire } from './data/action-errors';
import { agendaActions } from './data/agenda-actions';
import { serverNow } from '../api/server-clock';
import { readFocusMode } from './data/agenda-prefs';
import { openDialog } from './dialogs/dialog-store';
import { newTaskRoute } from './routes';
import { shortcutFor } from './shortcuts';
import type { AgendaView } from './types';

export interface ShortcutHandlers {
  view: AgendaView;
  onDate: (date: number) => void;
  onView: (view: AgendaView) => void;
  onFocus: (on: boolean) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

/** Keyboard shortcuts of the agenda (spec 9 of the issue: next, pause, new task, today...). */
export function useAgendaShortcuts(handlers: ShortcutHandlers): void {
  const navigate = useNavigate();
  useWindowKey((event) => {
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    switch (action) {
      case 'next':
        void fire(agendaActions.next());
        return;
      case 'pause':
        void fire(agendaActions.pause());
        return;
      case 'newTask':
        navigate(newTaskRoute());
        return;
      case 'today':
        handlers.onDate(serverNow());
        return;
      case 'dayView':
        handlers.onView('day');
        return;
      case 'weekView':
        handlers.onView('week');
        return;
      case 'search':
        handlers.searchRef.current?.focus();
        return;
      case 'focus':
        handlers.onFocus(!readFocusMode());
        return;
      case 'help':
        openDialog({ kind: 'shortcuts' });
        return;
    }
  });
}
