import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { EditorActions } from '../editors/EditorActions';
import { EditorLayout, FormSection } from '../editors/EditorLayout';
import type { PlannerPrefs } from '../editors/prefs';
import { useLeaveEditor } from '../editors/use-leave-editor';
import { scheduleTaskDelete } from '../tasks/pending-deletes';
import type { PlainTask } from '../tasks/tasks-api';
import type { TaskDraft } from './task-draft';
import { TaskNotesSection, TaskScheduleSection, TaskTitleSection } from './TaskFormFields';
import { TaskTrend } from './TaskTrend';
import { useTaskEditor } from './use-task-editor';
import { CompletionDialogs, type CompletionQuestion } from './CompletionDialogs';

export interface TaskEditorProps {
  task: PlainTask | null;
  initial: TaskDraft;
  isEditMode: boolean;
  isDoing: boolean;
  prefs: PlannerPrefs;
}

/** Enter in a one-line box of the form; not in text areas, lists or the pickers' dialogs. */
function isFormEnter(event: KeyboardEvent): boolean {
  const target = event.target;
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    target instanceof HTMLInputElement &&
    ['text', 'number', 'search'].includes(target.type) &&
    target.closest('[role="dialog"]') === null
  );
}

/** The task screen (spec 2): the form, delete with undo, and Do It Now. */
export function TaskEditor({ task, initial, isEditMode, isDoing, prefs }: TaskEditorProps) {
  // The dialogs' strings load with the screen, so opening one does not wait for them.
  const { t } = useTranslation(['editors', 'task-dialogs']);
  const navigate = useNavigate();
  const editor = useTaskEditor(task, initial);
  const leave = useLeaveEditor(editor.isDirty, '/tasks');
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isConfirmingDoItNow, setConfirmingDoItNow] = useState(false);
  const [completionDialog, setCompletionDialog] = useState<CompletionQuestion>(null);
  const canDoItNow = !editor.draft.isCompleted && !isDoing;

  const toAgenda = () => leave.leaveTo(() => void navigate('/agenda', { replace: true }));

  async function save() {
    const outcome = await editor.save();
    if (outcome === 'saved' || outcome === 'unchanged') leave.goBack();
  }

  async function doItNow() {
    setConfirmingDoItNow(false);
    if ((await editor.save(true)) === 'saved') toAgenda();
  }

  // Enter's save runs with the form as it is after the key: a field that reads its text on Enter
  // (the time needed) has updated the form synchronously, and this render's save holds it.
  const saveRef = useRef(save);
  saveRef.current = save;
  function onKeyDown(event: KeyboardEvent) {
    if (!isFormEnter(event)) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      if (canDoItNow) setConfirmingDoItNow(true);
    } else void saveRef.current();
  }

  const fieldProps = {
    draft: editor.draft,
    update: editor.update,
    isExisting: task !== null,
    isEditMode,
    categoryError: editor.categoryError,
    prefs,
    onCompletedChange: (isCompleted: boolean) =>
      setCompletionDialog(isCompleted ? 'markDone' : 'reopen'),
  };

  return (
    <EditorLayout
      title={t(task ? 'task.screenTitle' : 'task.newTitle')}
      onBack={leave.requestLeave}
      discardDialog={leave.discardDialog}
      actions={
        <EditorActions
          onDelete={task ? () => setConfirmingDelete(true) : undefined}
          onSave={() => void save()}
          isSaving={editor.isSaving}
        />
      }
      bottomBar={
        canDoItNow ? (
          <Button
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<PlayArrowIcon />}
            disableElevation
            disabled={editor.isSaving}
            onClick={() => setConfirmingDoItNow(true)}
          >
            {t('task.doItNow')}
          </Button>
        ) : undefined
      }
    >
      <Box onKeyDown={onKeyDown}>
        {isDoing && <Chip color="primary" label={t('task.inProgress')} sx={{ mb: 2 }} />}
        <TaskTitleSection {...fieldProps} />
        <TaskScheduleSection {...fieldProps} />
        <TaskNotesSection {...fieldProps} />
        {task && (
          <FormSection>
            <TaskTrend taskId={task.id} prefs={prefs} />
          </FormSection>
        )}
      </Box>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={t('task.deleteTitle')}
        text={t('task.deleteText')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          if (!task) return;
          scheduleTaskDelete(task.id);
          leave.goBack();
        }}
      />
      {task && (
        <CompletionDialogs
          task={task}
          title={editor.draft.title}
          question={completionDialog}
          onClose={() => setCompletionDialog(null)}
          setCompletion={editor.setCompletion}
          // Started now: the agenda shows it running; with other edits unsaved the screen stays.
          onStarted={() => {
            if (!editor.isDirty) toAgenda();
          }}
        />
      )}
      <ConfirmDialog
        open={isConfirmingDoItNow}
        title={t('task.doItNowTitle')}
        text={t('task.doItNowText')}
        confirmLabel={t('task.doItNow')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setConfirmingDoItNow(false)}
        onConfirm={() => void doItNow()}
      />
    </EditorLayout>
  );
}
