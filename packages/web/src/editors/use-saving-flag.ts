import { useRef, useState } from 'react';

/**
 * One save or delete at a time, for the task, event and reminder screens: a second one while the
 * first is on its way does nothing and resolves `busy`.
 */
export function useSavingFlag() {
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);

  async function whileSaving<T>(work: () => Promise<T>, busy: T): Promise<T> {
    if (savingRef.current) return busy;
    savingRef.current = true;
    setSaving(true);
    try {
      return await work();
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return { isSaving, isBusy: () => savingRef.current, whileSaving };
}
