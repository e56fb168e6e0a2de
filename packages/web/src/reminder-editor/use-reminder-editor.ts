import {
  PLANNING_CONSTANTS,
  SCOPE_THIS,
  validateRepeatUntil,
  type RecurrenceScope,
} from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../components/toast-store';
import { reportEditorError } from '../editors/errors';
import type { PlannerPrefs } from '../editors/prefs';
import { refreshAfterEdit } from '../editors/refresh-after-edit';
import { withSavingToast } from '../editors/saving-toast';
import { useDraft } from '../editors/use-draft';
import { useLeaveEditor } from '../editors/use-leave-editor';
import { useSavingFlag } from '../editors/use-saving-flag';
import { sendChange } from '../offline/offline-queue';
import { REMINDER_EDITOR_KEY } from './reminder-api';
import {
  changedReminderFields,
  isRecurringReminder,
  wireReminder,
  type PlainReminder,
  type ReminderDraft,
} from './reminder-draft';

type QueryClient = ReturnType<typeof useQueryClient>;
type ReminderField = ReturnType<typeof changedReminderFields>[number];

/** Creates the reminder, or updates the occurrences `type` names with the fields changed. */
function sendReminder(
  client: QueryClient,
  reminder: PlainReminder | null,
  change: { draft: ReminderDraft; zone: string; fields: ReminderField[]; type: RecurrenceScope },
) {
  const values = wireReminder(change.draft, change.zone);
  const { fields, type } = change;
  return reminder
    ? sendChange(
        client,
        'UpdateReminder',
        { reminder: { ...values, id: reminder.id, origin: reminder.origin }, type, fields },
        { action: 'updateReminder', title: values.title ?? '', itemId: reminder.id },
      )
    : sendChange(
        client,
        'CreateReminder',
        { reminder: values },
        { action: 'createReminder', title: values.title ?? '' },
      );
}

function deleteReminder(client: QueryClient, reminder: PlainReminder, type: RecurrenceScope) {
  return sendChange(
    client,
    'DeleteReminder',
    { id: reminder.id, type, origin: reminder.origin, start: reminder.start },
    { action: 'deleteReminder', title: reminder.title, itemId: reminder.id },
  );
}

export type ReminderQuestion = 'none' | 'updateScope' | 'deleteScope' | 'delete';

/**
 * The reminder screen's state: the form over what was loaded, the question open (which
 * occurrences a change covers, or delete), and the saves behind one saving flag (spec 4 and 8).
 */
export function useReminderEditor(
  reminder: PlainReminder | null,
  initial: ReminderDraft,
  prefs: PlannerPrefs,
) {
  const client = useQueryClient();
  const form = useDraft(initial, changedReminderFields);
  const { setBase, draft, fields, isDirty } = form;
  const [question, setQuestion] = useState<ReminderQuestion>('none');
  const saving = useSavingFlag();
  const leave = useLeaveEditor(isDirty, '/agenda');
  const isSeries = reminder !== null && isRecurringReminder(form.base);
  const zone = reminder?.timezone || prefs.timeZone;

  function run(action: () => Promise<unknown>, doneKey?: string) {
    return saving.whileSaving(async () => {
      setQuestion('none');
      try {
        await withSavingToast(action, PLANNING_CONSTANTS.savingToastTaskMs);
        setBase(draft);
        if (doneKey) showToast({ key: doneKey });
        await refreshAfterEdit(client, REMINDER_EDITOR_KEY);
        leave.goBack();
      } catch (error) {
        // Spec 8: the saving flag resets and the screen stays with what was typed.
        reportEditorError(error);
      }
    }, undefined);
  }

  function send(type: RecurrenceScope) {
    void run(() => sendReminder(client, reminder, { draft, zone, fields, type }));
  }

  function save() {
    // A repeat ending before the start says so under its field (RepeatPicker) and is not sent:
    // the series would have no occurrence left.
    if (validateRepeatUntil(draft.rule, draft.start)) return;
    if (reminder && !isDirty) leave.goBack();
    else if (isSeries) setQuestion('updateScope');
    else send(SCOPE_THIS);
  }

  function remove(type: RecurrenceScope) {
    if (reminder)
      void run(() => deleteReminder(client, reminder, type), 'editors:reminder.deleted');
  }

  return {
    draft,
    setDraft: form.setDraft,
    zone,
    isSeries,
    isSaving: saving.isSaving,
    question,
    setQuestion,
    leave,
    save,
    send,
    remove,
  };
}

export type ReminderEditorState = ReturnType<typeof useReminderEditor>;
