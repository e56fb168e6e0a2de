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

type Listener = () => void;

function sameMessage(a: Pick<Toast, 'key' | 'values'>, b: Pick<Toast, 'key' | 'values'>) {
  return a.key === b.key && JSON.stringify(a.values) === JSON.stringify(b.values);
}

export interface ToastStore {
  /** Returns the new toast's id, or null when the same message is already showing. */
  show(input: ToastInput): number | null;
  dismiss(id: number): void;
  getToasts(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  function dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    emit();
  }

  function show(input: ToastInput): number | null {
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
    nextId += 1;
    toasts = [...toasts, toast];
    timers.set(
      toast.id,
      setTimeout(() => dismiss(toast.id), toast.timeoutMs),
    );
    emit();
    return toast.id;
  }

  return {
    show,
    dismiss,
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one toast queue. */
export const toasts = createToastStore();
export const showToast = (input: ToastInput): number | null => toasts.show(input);
