import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clampTaskDuration, defaultTaskDeadline, UNTITLED_TITLE_KEY } from '@planner/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategorySuggestions } from '../categories/categories-api';
import { CategoryPicker } from '../categories/CategoryPicker';
import { ChecklistEditor } from '../editors/ChecklistEditor';
import { DateTimeRow } from '../editors/DateTimeInputs';
import { FormSection } from '../editors/EditorLayout';
import { NotesField } from '../editors/NotesField';
import { EstimateSuggestion } from '../estimates/EstimateSuggestion';
import type { PlannerPrefs } from '../editors/prefs';
import { DurationField } from './DurationField';
import type { DurationTextHandle } from './DurationTextField';
import type { TaskDraft } from './task-draft';
import { serverNow } from '../api/server-clock';

export interface TaskFormFieldsProps {
  draft: TaskDraft;
  update: (change: (d: TaskDraft) => TaskDraft) => void;
  isExisting: boolean;
  isEditMode: boolean;
  categoryError: string | null;
  prefs: PlannerPrefs;
  /** The completed switch asks first (mark as done, reopen): the screen opens the dialog. */
  onCompletedChange?: (isCompleted: boolean) => void;
  /** The time needed's box, which the save reads first. */
  durationRef?: Ref<DurationTextHandle>;
}

export function TaskTitleSection({
  draft,
  update,
  isEditMode,
  categoryError,
}: TaskFormFieldsProps) {
  const { t } = useTranslation('editors');
  const suggestions = useCategorySuggestions(draft.title).data?.suggestions ?? [];
  return (
    <FormSection>
      <TextField
        name="title"
        label={t('task.title')}
        placeholder={t(UNTITLED_TITLE_KEY)}
        value={draft.title}
        onChange={(event) => update((d) => ({ ...d, title: event.target.value }))}
        autoFocus={isEditMode}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000, enterKeyHint: 'done' } }}
      />
      <CategoryPicker
        value={draft.category}
        onChange={(category) => update((d) => ({ ...d, category }))}
        errorKey={categoryError}
        suggestions={suggestions}
      />
    </FormSection>
  );
}

export function TaskScheduleSection(props: TaskFormFieldsProps) {
  const { draft, update, isExisting, prefs, onCompletedChange, durationRef } = props;
  const { t } = useTranslation('editors');
  return (
    <FormSection>
      {isExisting && (
        <FormControlLabel
          control={
            <Switch
              name="completed"
              checked={draft.isCompleted}
              onChange={(_, checked) => onCompletedChange?.(checked)}
            />
          }
          label={t('task.completed')}
        />
      )}
      {!draft.isCompleted && (
        <DurationField
          ref={durationRef}
          valueMs={draft.timeScheduled}
          isDev={prefs.isDev}
          onChange={(ms) =>
            update((d) => ({ ...d, timeScheduled: clampTaskDuration(ms, prefs.isDev) }))
          }
        />
      )}
      {!isExisting && (
        <EstimateSuggestion
          categoryId={draft.category?.id}
          valueMs={draft.timeScheduled}
          isDev={prefs.isDev}
          onApply={(ms) => update((d) => ({ ...d, timeScheduled: ms }))}
        />
      )}
      <TaskDeadlineField draft={draft} update={update} prefs={prefs} />
    </FormSection>
  );
}

/** The deadline: a switch, and when it is on the date and time it is due (7 days ahead at first). */
function TaskDeadlineField({
  draft,
  update,
  prefs,
}: Pick<TaskFormFieldsProps, 'draft' | 'update' | 'prefs'>) {
  const { t } = useTranslation('editors');
  const hasDeadline = draft.deadline >= 0;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name="has-deadline"
            checked={hasDeadline}
            onChange={(_, checked) =>
              update((d) => ({
                ...d,
                deadline: checked ? defaultTaskDeadline(serverNow(), prefs.timeZone) : -1,
              }))
            }
          />
        }
        label={t('task.deadline')}
      />
      {hasDeadline && (
        <Box sx={{ mt: 1.5 }}>
          <DateTimeRow
            name="deadline"
            dateLabel={t('task.deadlineDate')}
            label={t('task.deadlineTime')}
            allDay={false}
            valueMs={draft.deadline}
            onChange={(deadline) => update((d) => ({ ...d, deadline }))}
            prefs={prefs}
          />
        </Box>
      )}
    </Box>
  );
}

export function TaskNotesSection({ draft, update, isEditMode }: TaskFormFieldsProps) {
  const { t } = useTranslation('editors');
  return (
    <>
      <FormSection>
        <NotesField
          value={draft.note}
          startEditing={isEditMode}
          onChange={(note) => update((d) => ({ ...d, note }))}
        />
      </FormSection>
      <FormSection>
        <Typography variant="subtitle2">{t('checklist.title')}</Typography>
        <ChecklistEditor
          items={draft.checklist}
          onChange={(checklist) => update((d) => ({ ...d, checklist }))}
        />
      </FormSection>
    </>
  );
}
