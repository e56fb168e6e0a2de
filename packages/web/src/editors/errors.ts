import { ErrorCode, RpcError } from '@planner/protocol';
import i18next from 'i18next';
import { showToast } from '../components/toast-store';
import { reportError } from '../api/query-client';

/** Said for a rejected form whose reason the strings do not know (never the raw message). */
export const GENERIC_INVALID_KEY = 'editors:invalid.generic';

/**
 * The editors' wording of a server error: its message key when the editors' strings know it
 * (`invalid.chooseCategory`, `numCategories`), else, for rejected input (400: an unknown key or a
 * field check such as `field "rest": ...`), a general sentence. Other errors: null.
 */
export function editorMessageKey(
  error: unknown,
  hasKey: (key: string) => boolean = (key) => i18next.exists(key),
): string | null {
  if (!(error instanceof RpcError)) return null;
  const key = `editors:${error.message}`;
  if (error.message && hasKey(key)) return key;
  return error.code === ErrorCode.InvalidInput ? GENERIC_INVALID_KEY : null;
}

/** Shows a failed save: the editors' wording of the server's key, else the app's usual notice. */
export function reportEditorError(error: unknown): void {
  const key = editorMessageKey(error);
  if (key) showToast({ key, severity: 'error' });
  else reportError(error);
}
