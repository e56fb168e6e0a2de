import { useEffect, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { fire } from './data/action-errors';
import { agendaActions } from './data/agenda-actions';
import { serverNow } from './data/clock-offset';
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
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      const h = latest.current;
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
          h.onDate(serverNow());
          return;
        case 'dayView':
          h.onView('day');
          return;
        case 'weekView':
          h.onView('week');
          return;
        case 'search':
          h.searchRef.current?.focus();
          return;
        case 'focus':
          h.onFocus(!readFocusMode());
          return;
        case 'help':
          openDialog({ kind: 'shortcuts' });
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
