import {
  isLongEvent,
  offeredScopes,
  PLANNING_CONSTANTS,
  validateRepeatUntil,
  type RecurrenceScope,
} from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api/client';
import { useLiveCategory } from '../categories/categories-api';
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
import { useCategoryCheck } from '../editors/use-category-check';
import { useDraft } from '../editors/use-draft';
import { useSavingFlag } from '../editors/use-saving-flag';
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

type EventField = ReturnType<typeof changedEventFields>[number];

/** Creates the event, or updates the occurrences `scope` names with the fields changed. */
function sendEvent(
  ref: EventRef | null,
  change: { draft: EventDraft; zone: string; fields: EventField[]; scope: RecurrenceScope },
) {
  const event = wireEvent(change.draft, change.zone);
  return ref
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
        updateType: change.scope,
        fields: change.fields,
      })
    : call('CreateEvent', { event });
}

function deleteEvent(ref: EventRef, scope: RecurrenceScope) {
  return call('DeleteEvent', {
    event: {
      id: ref.event.id,
      instanceNumber: ref.event.instanceNumber,
      isVirtual: ref.event.isVirtual,
    },
    apiVersion: 1,
    updateType: scope,
  });
}

/** The event screen's calls, one at a time behind the saving flag; each resolves true when done. */
function useEventCalls(
  ref: EventRef | null,
  form: { draft: EventDraft; fields: EventField[]; setBase: (draft: EventDraft) => void },
  zone: string,
  closeQuestion: () => void,
) {
  const client = useQueryClient();
  const saving = useSavingFlag();
  const { draft, fields, setBase } = form;

  function send(scope: RecurrenceScope): Promise<boolean> {
    return saving.whileSaving(async () => {
      closeQuestion();
      try {
        await withSavingToast(
          () => sendEvent(ref, { draft, zone, fields, scope }),
          PLANNING_CONSTANTS.savingToastEventMs,
        );
        setBase(draft);
        await refreshAfterEdit(client, EVENT_EDITOR_KEY);
        return true;
      } catch {
        // Spec 8: a failed create or update clears the saving toast and shows nothing.
        return false;
      }
    }, false);
  }

  async function remove(scope: RecurrenceScope): Promise<boolean> {
    if (!ref || saving.isBusy()) return false;
    closeQuestion();
    return saving.whileSaving(async () => {
      try {
        await deleteEvent(ref, scope);
        showToast({ key: 'editors:event.deleted' });
        setBase(draft);
        await refreshAfterEdit(client, EVENT_EDITOR_KEY);
        return true;
      } catch (error) {
        reportEditorError(error);
        return false;
      }
    }, false);
  }

  return { isSaving: saving.isSaving, send, remove };
}

/**
 * The event screen's state (spec 4 Event): the form over what was loaded, a refresh that replaces
 * only an unedited form, the long-event and scope questions, and the saving flag.
 */
export function useEventEditor(ref: EventRef | null, initial: EventDraft, timeZone: string) {
  const { base, setBase, draft, setDraft, fields, isDirty } = useDraft(initial, changedEventFields);
  // A category deleted while the screen is open is none: the server would refuse it, unseen.
  const category = useLiveCategory(draft.category);
  const { categoryError, update, checkCategory } = useCategoryCheck(
    { ...draft, category },
    setDraft,
  );
  const [question, setQuestion] = useState<EventQuestion>({ kind: 'none' });
  const closeQuestion = () => setQuestion({ kind: 'none' });
  const zoneOfEvent = ref?.event.timezone || timeZone;
  const calls = useEventCalls(ref, { draft, fields, setBase }, zoneOfEvent, closeQuestion);
  const isSeries = ref !== null && isRecurringDraft(base);

  /** Save pressed: checks, then the questions in turn, then the call. Returns true when saved. */
  async function save(confirmedLong = false): Promise<boolean | 'unchanged' | 'asking'> {
    const hasCategory = checkCategory();
    // The repeat's end date before the start says so under its field (RepeatPicker).
    if (!hasCategory || validateRepeatUntil(draft.rule, draft.start)) return false;
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
    return calls.send(0);
  }

  function askDelete() {
    setQuestion(
      isSeries
        ? { kind: 'scope', action: 'delete', scopes: offeredScopes('delete', false) }
        : { kind: 'delete' },
    );
  }

  return {
    draft,
    update,
    isDirty,
    isSaving: calls.isSaving,
    categoryError,
    question,
    closeQuestion,
    save,
    send: calls.send,
    askDelete,
    remove: calls.remove,
  };
}
