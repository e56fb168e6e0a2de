import { RpcError } from '@planner/protocol';
import { limitKindOf } from '../upgrade';
import { reportError } from '../../api/query-client';
import { openDialog } from '../dialogs/dialog-store';

/**
 * Errors of agenda actions: limits explain themselves in a dialog (history edits get the
 * historyEditLimit upsell, spec 6), anything else is a toast.
 */
export function handleActionError(error: unknown): void {
  const limit = limitKindOf(error);
  if (limit && error instanceof RpcError && error.message === 'historyEditLimit') {
    openDialog({ kind: 'historyLimit' });
  } else if (limit) {
    const reason = error instanceof RpcError && error.message === 'agendaLengthLimit' ? 'agendaLength' : 'other';
    openDialog({ kind: 'upgrade', limit, reason });
  } else {
    reportError(error);
  }
}

/** Runs an action from a button or shortcut: errors are handled, never thrown at React. */
export function fire<T>(action: Promise<T>): Promise<T | undefined> {
  return action.catch((error: unknown) => {
    handleActionError(error);
    return undefined;
  });
}
