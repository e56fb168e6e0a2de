import { createStore } from 'zustand/vanilla';

// Toasts are a small queue outside React so any code (the API layer, a mutation) can show one.
// The spec: 5 s by default, and a message already on screen is not shown twice.
export const DEFAULT_TOAST_MS = 5000;

export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

/** A button on the toast (Undo); pressing it runs `onClick` and closes the toast. */
export interface ToastAction {
  key: string;
  onClick: () => void;
}

/** A toast's text is always a translation key with its values, so it follows the language. */
export interface ToastInput {
  key: string;
  values?: Record<string, string | number>;
  severity?: ToastSeverity;
  timeoutMs?: number;
  action?: ToastAction;
}

export interface Toast {
  id: number;
  key: string;
  values: Record<string, string | number>;
  severity: ToastSeverity;
  timeoutMs: number;
  action?: ToastAction;
}

function sameMessage(a: Pick<Toast, 'key' | 'values'>, b: Pick<Toast, 'key' | 'values'>) {
  return a.key === b.key && JSON.stringify(a.values) === JSON.stringify(b.values);
}

export interface ToastStore {
  /** Returns the new toast's id, or null when the same message is already showing. */
  show(input: ToastInput): number | null;
  dismiss(id: number): void;
  getToasts(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore(): ToastStore {
  const store = createStore<{ toasts: readonly Toast[]; nextId: number }>(() => ({
    toasts: [],
    nextId: 1,
  }));
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    const { toasts } = store.getState();
    if (!toasts.some((toast) => toast.id === id)) return;
    store.setState({ toasts: toasts.filter((toast) => toast.id !== id) });
  }

  function show(input: ToastInput): number | null {
    const { toasts, nextId } = store.getState();
    const toast: Toast = {
      id: nextId,
      key: input.key,
      values: input.values ?? {},
      severity: input.severity ?? 'info',
      timeoutMs: input.timeoutMs ?? DEFAULT_TOAST_MS,
      ...(input.action ? { action: input.action } : {}),
    };
    // A toast with an action (each Undo belongs to its own delete) is never a duplicate.
    if (!toast.action && toasts.some((shown) => !shown.action && sameMessage(shown, toast))) {
      return null;
    }
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), toast.timeoutMs),
    );
    store.setState({ nextId: nextId + 1, toasts: [...toasts, toast] });
    return toast.id;
  }

  return {
    show,
    dismiss,
    getToasts: () => store.getState().toasts,
    subscribe: (listener) => store.subscribe(() => listener()),
  };
}

/** The app's one toast queue. */
export const toasts = createToastStore();
export const showToast = (input: ToastInput): number | null => toasts.show(input);
