import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { PLANNING_CONSTANTS, SCOPE_ALL, SCOPE_THIS, type RecurrenceScope } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendChange } from '../offline/offline-queue';
import { showToast } from '../components/toast-store';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { DateTimeRow } from '../editors/DateTimeInputs';
import { EditorLayout, FormSection } from '../editors/EditorLayout';
import { reportEditorError } from '../editors/errors';
import type { PlannerPrefs } from '../editors/prefs';
import { RepeatPicker } from '../editors/RepeatPicker';
import { withSavingToast } from '../editors/saving-toast';
import { ScopeDialog } from '../editors/ScopeDialog';
import { useLeaveEditor } from '../editors/use-leave-editor';
import {
  changedReminderFields,
  isRecurringReminder,
  wireReminder,
  withReminderAllDay,
  type PlainReminder,
  type ReminderDraft,
} from './reminder-draft';
import { useDraft } from '../editors/use-draft';

/** Spec 4: a recurring reminder asks whether a change covers this one or the series. */
const REMINDER_SCOPES: readonly RecurrenceScope[] = [SCOPE_THIS, SCOPE_ALL];

type Question = 'none' | 'updateScope' | 'deleteScope' | 'delete';

export interface ReminderEditorProps {
  reminder: PlainReminder | null;
  initial: ReminderDraft;
  prefs: PlannerPrefs;
}

/** The reminder screen: star, delete, save, title, all day, date and time, repeat. */
export function ReminderEditor({ reminder, initial, prefs }: ReminderEditorProps) {
  const { t } = useTranslation('editors');
  const client = useQueryClient();
  const { base, setBase, draft, setDraft, fields, isDirty } = useDraft(
    initial,
    changedReminderFields,
  );
  const [question, setQuestion] = useState<Question>('none');
  const [isSaving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const leave = useLeaveEditor(isDirty, '/agenda');
  const isSeries = reminder !== null && isRecurringReminder(base);
  const zone = reminder?.timezone || prefs.timeZone;

  async function run(action: () => Promise<unknown>, doneKey?: string) {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setQuestion('none');
    try {
      await withSavingToast(action, PLANNING_CONSTANTS.savingToastTaskMs);
      setBase(draft);
      if (doneKey) showToast({ key: doneKey });
      await client.invalidateQueries();
      leave.goBack();
    } catch (error) {
      // Spec 8: the saving flag resets and the screen stays with what was typed.
      reportEditorError(error);
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  function send(type: RecurrenceScope) {
    const values = wireReminder(draft, zone);
    void run(() =>
      reminder
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
          ),
    );
  }

  function save() {
    if (reminder && !isDirty) {
      leave.goBack();
      return;
    }
    if (isSeries) setQuestion('updateScope');
    else send(SCOPE_THIS);
  }

  function remove(type: RecurrenceScope) {
    if (!reminder) return;
    void run(
      () =>
        sendChange(
          client,
          'DeleteReminder',
          { id: reminder.id, type, origin: reminder.origin, start: reminder.start },
          { action: 'deleteReminder', title: reminder.title, itemId: reminder.id },
        ),
      'editors:reminder.deleted',
    );
  }

  return (
    <EditorLayout
      title={t(reminder ? 'reminder.screenTitle' : 'reminder.newTitle')}
      onBack={leave.requestLeave}
      discardDialog={leave.discardDialog}
      actions={
        <>
          <Tooltip title={t('reminder.star')}>
            <IconButton
              aria-label={t('reminder.star')}
              aria-pressed={draft.star}
              onClick={() => setDraft((d) => ({ ...d, star: !d.star }))}
              sx={{ color: draft.star ? 'warning.main' : 'action.active' }}
            >
              {draft.star ? <StarIcon /> : <StarBorderIcon />}
            </IconButton>
          </Tooltip>
          {reminder && (
            <Tooltip title={t('common.delete')}>
              <IconButton
                aria-label={t('common.delete')}
                onClick={() => setQuestion(isSeries ? 'deleteScope' : 'delete')}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
          <Button variant="contained" disableElevation onClick={save} disabled={isSaving}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <FormSection>
        <TextField
          name="title"
          label={t('reminder.title')}
          placeholder={t('common.untitled')}
          value={draft.title}
          autoFocus
          fullWidth
          onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        <FormControlLabel
          control={
            <Switch
              name="all-day"
              checked={draft.allDay}
              onChange={(_, checked) => setDraft((d) => withReminderAllDay(d, checked, zone))}
            />
          }
          label={t('reminder.allDay')}
        />
        <DateTimeRow
          name="start"
          dateLabel={t('reminder.date')}
          label={t('reminder.time')}
          allDay={draft.allDay}
          valueMs={draft.start}
          onChange={(start) => setDraft((d) => ({ ...d, start }))}
          prefs={{ ...prefs, timeZone: zone }}
        />
      </FormSection>
      <FormSection>
        <RepeatPicker
          rule={draft.rule}
          onChange={(rule) => setDraft((d) => ({ ...d, rule }))}
          startMs={draft.start}
          prefs={{ ...prefs, timeZone: zone }}
        />
      </FormSection>
      <ScopeDialog
        open={question === 'updateScope' || question === 'deleteScope'}
        action={question === 'deleteScope' ? 'delete' : 'update'}
        scopes={REMINDER_SCOPES}
        onCancel={() => setQuestion('none')}
        onChoose={(scope) => (question === 'deleteScope' ? remove(scope) : send(scope))}
      />
      <ConfirmDialog
        open={question === 'delete'}
        title={t('reminder.deleteTitle')}
        text={t('common.noUndo')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onCancel={() => setQuestion('none')}
        onConfirm={() => remove(SCOPE_THIS)}
      />
    </EditorLayout>
  );
}
