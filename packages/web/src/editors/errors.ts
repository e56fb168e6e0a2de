import { RpcError } from '@planner/protocol';
import i18next from 'i18next';
import { showToast } from '../components/toast-store';
import { reportError } from '../api/query-client';

/** The server's message key when the editors' strings know it (`invalid.chooseCategory`). */
export function editorMessageKey(error: unknown): string | null {
  if (!(error instanceof RpcError) || !error.message) return null;
  const key = `editors:${error.message}`;
  return i18next.exists(key) ? key : null;
}

/** Shows a failed save: the editors' wording of the server's key, else the app's usual notice. */
export function reportEditorError(error: unknown): void {
  const key = editorMessageKey(error);
  if (key) showToast({ key, severity: 'error' });
  else reportError(error);
}
