import {
  isLongEvent,
  offeredScopes,
  PLANNING_CONSTANTS,
  validateCategoryChoice,
  type RecurrenceScope,
} from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call } from '../api/client';
import { showToast } from '../components/toast-store';
import { reportEditorError } from '../editors/errors';
import { withSavingToast } from '../editors/saving-toast';
import {
  changedEventFields,
  isRecurringDraft,
  startDateChanged,
  wireEvent,
  type EventDraft,
  type PlainEvent,
} from './event-draft';
import { refreshAfterEdit } from '../editors/refresh-after-edit';
import { useDraft } from '../editors/use-draft';
import { EVENT_EDITOR_KEY } from './event-api';

/** Which question stands between the Save press and the call. */
export type EventQuestion =
  | { kind: 'none' }
  | { kind: 'long'; durationMs: number }
  | { kind: 'scope'; action: 'update' | 'delete'; scopes: RecurrenceScope[] }
  | { kind: 'delete' };

export interface EventRef {
  event: PlainEvent;
  /** The instance's start as the agenda showed it (the route's start). */
  instanceStart: number;
}

/**
 * The event screen's state (spec 4 Event): the form over what was loaded, a refresh that replaces
 * only an unedited form, the long-event and scope questions, and the saving flag.
 */
export function useEventEditor(ref: EventRef | null, initial: EventDraft, timeZone: string) {
  const client = useQueryClient();
  const { base, setBase, draft, setDraft, fields, isDirty } = useDraft(initial, changedEventFields);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [question, setQuestion] = useState<EventQuestion>({ kind: 'none' });
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);

  function update(change: (d: EventDraft) => EventDraft) {
    setDraft((d) => {
      const next = change(d);
      if (next.category) setCategoryError(null);
      return next;
    });
  }

  const isSeries = ref !== null && isRecurringDraft(base);
  const zoneOfEvent = ref?.event.timezone || timeZone;

  async function send(scope: RecurrenceScope): Promise<boolean> {
    if (savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    setQuestion({ kind: 'none' });
    try {
      const event = wireEvent(draft, zoneOfEvent);
      await withSavingToast(
        () =>
          ref
            ? call('UpdateEvent', {
                newEvent: { ...event, id: ref.event.id },
                oldEvent: {
                  id: ref.event.id,
                  instanceNumber: ref.event.instanceNumber,
                  isVirtual: ref.event.isVirtual,
                  start: ref.event.start,
                  end: ref.event.end,
                },
                apiVersion: 1,
                updateType: scope,
                fields,
              })
            : call('CreateEvent', { event }),
        PLANNING_CONSTANTS.savingToastEventMs,
      );
      setBase(draft);
      await refreshAfterEdit(client, EVENT_EDITOR_KEY);
      return true;
    } catch {
      // Spec 8: a failed create or update clears the saving toast and shows nothing.
      return false;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  /** Save pressed: checks, then the questions in turn, then the call. Returns true when saved. */
  async function save(confirmedLong = false): Promise<boolean | 'unchanged' | 'asking'> {
    const invalid = validateCategoryChoice(draft.category?.id);
    if (invalid) {
      setCategoryError(invalid);
      return false;
    }
    if (ref && !isDirty) return 'unchanged';
    if (!confirmedLong && isLongEvent(draft)) {
      setQuestion({ kind: 'long', durationMs: draft.end - draft.start });
      return 'asking';
    }
    if (isSeries && ref) {
      const moved = startDateChanged(ref.instanceStart, draft.start, timeZone);
      setQuestion({ kind: 'scope', action: 'update', scopes: offeredScopes('update', moved) });
      return 'asking';
    }
    return send(0);
  }

  function askDelete() {
    setQuestion(
      isSeries
        ? { kind: 'scope', action: 'delete', scopes: offeredScopes('delete', false) }
        : { kind: 'delete' },
    );
  }

  async function remove(scope: RecurrenceScope): Promise<boolean> {
    if (!ref || savingRef.current) return false;
    setQuestion({ kind: 'none' });
    savingRef.current = true;
    setSaving(true);
    try {
      await call('DeleteEvent', {
        event: {
          id: ref.event.id,
          instanceNumber: ref.event.instanceNumber,
          isVirtual: ref.event.isVirtual,
        },
        apiVersion: 1,
        updateType: scope,
      });
      showToast({ key: 'editors:event.deleted' });
      setBase(draft);
      await refreshAfterEdit(client, EVENT_EDITOR_KEY);
      return true;
    } catch (error) {
      reportEditorError(error);
      return false;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return {
    draft,
    update,
    isDirty,
    isSaving,
    categoryError,
    question,
    closeQuestion: () => setQuestion({ kind: 'none' }),
    save,
    send,
    askDelete,
    remove,
  };
}
