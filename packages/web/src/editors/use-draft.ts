import { useEffect, useRef, useState } from 'react';

/**
 * An editor's form over what was loaded: the loaded values (`base`, moved on by each save), the
 * form (`draft`), the fields that differ, and a refresh of `initial` that replaces the form only
 * while nothing has been edited.
 */
export function useDraft<D, F>(initial: D, changedFields: (base: D, draft: D) => F[]) {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const fields = changedFields(base, draft);
  const isDirty = fields.length > 0;
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  useEffect(() => {
    if (isDirtyRef.current) return;
    setBase(initial);
    setDraft(initial);
  }, [initial]);

  return { base, setBase, draft, setDraft, fields, isDirty };
}
