import { toasts } from '../components/toast-store';

/**
 * Runs a save and, when it is still waiting after `delayMs` (1 s for tasks and reminders, 3 s
 * for events: spec 7), shows the saving toast until it settles.
 */
export async function withSavingToast<T>(save: () => Promise<T>, delayMs: number): Promise<T> {
  let toastId: number | null = null;
  const timer = setTimeout(() => {
    toastId = toasts.show({ key: 'editors:saving', timeoutMs: 60_000 });
  }, delayMs);
  try {
    return await save();
  } finally {
    clearTimeout(timer);
    if (toastId !== null) toasts.dismiss(toastId);
  }
}
