import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { FormSection } from '../editors/EditorLayout';
import { TaskNotesSection, TaskScheduleSection, TaskTitleSection } from './TaskFormFields';
import type { PlannerPrefs } from '../editors/prefs';
import { useIsSessionRunning, type PlainTask } from '../tasks/tasks-api';
import { CompletionDialogs, type CompletionQuestion } from './CompletionDialogs';
import { TaskTrend } from './TaskTrend';
import type { TaskEditorState } from './use-task-editor';

/** The bar's Do It Now button, below the form. */
export function DoItNowButton({ isSaving, onClick }: { isSaving: boolean; onClick: () => void }) {
  const { t } = useTranslation('editors');
  return (
    <Button
      variant="contained"
      color="secondary"
      size="large"
      startIcon={<PlayArrowIcon />}
      disableElevation
      disabled={isSaving}
      onClick={onClick}
    >
      {t('task.doItNow')}
    </Button>
  );
}

interface QuestionProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before the task is deleted (with undo afterwards, on the list). */
function DeleteTaskDialog({ open, onCancel, onConfirm }: QuestionProps) {
  const { t } = useTranslation('editors');
  return (
    <ConfirmDialog
      open={open}
      title={t('task.deleteTitle')}
      text={t('task.deleteText')}
      confirmLabel={t('common.delete')}
      cancelLabel={t('common.cancel')}
      isDestructive
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Asks before Do It Now starts the task and saves the form; the session running, if any, ends
 * (a break simply gives way). "Don't ask again" finishes the doItNowDialog flag, as the agenda's
 * question does: neither asks again.
 */
function DoItNowDialog({
  open,
  onCancel,
  onConfirm,
}: Omit<QuestionProps, 'onConfirm'> & { onConfirm: (dontAskAgain: boolean) => void }) {
  const { t } = useTranslation('editors');
  const isSessionRunning = useIsSessionRunning();
  const [dontAsk, setDontAsk] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title={t('task.doItNowTitle')}
      text={
        <>
          {t(isSessionRunning ? 'task.doItNowText' : 'task.doItNowTextNothingRunning')}
          <FormControlLabel
            sx={{ display: 'flex', mt: 1 }}
            control={<Checkbox checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />}
            label={t('task.doItNowDontAsk')}
          />
        </>
      }
      confirmLabel={t('task.doItNow')}
      cancelLabel={t('common.cancel')}
      onCancel={() => {
        setDontAsk(false);
        onCancel();
      }}
      onConfirm={() => {
        setDontAsk(false);
        onConfirm(dontAsk);
      }}
    />
  );
}

/** The form's sections, with the running chip above them and the trend of a saved task below. */
export function TaskFormBody({
  editor,
  task,
  isEditMode,
  isDoing,
  prefs,
  onKeyDown,
  onCompletedChange,
}: {
  editor: TaskEditorState;
  task: PlainTask | null;
  isEditMode: boolean;
  isDoing: boolean;
  prefs: PlannerPrefs;
  onKeyDown: (event: KeyboardEvent) => void;
  onCompletedChange: (isCompleted: boolean) => void;
}) {
  const { t } = useTranslation('editors');
  const fieldProps = {
    draft: editor.draft,
    update: editor.update,
    isExisting: task !== null,
    isEditMode,
    categoryError: editor.categoryError,
    prefs,
    onCompletedChange,
    durationRef: editor.durationRef,
  };
  return (
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
  );
}

/** Which question the task screen asks: delete, Do It Now, or the completed switch's. */
export type TaskQuestion = 'delete' | 'doItNow' | CompletionQuestion;

/** The task screen's questions; `onDelete` and `onDoItNow` follow a yes. */
export function TaskEditorDialogs({
  task,
  editor,
  question,
  onClose,
  onDelete,
  onDoItNow,
  onStarted,
  isDoing,
}: {
  task: PlainTask | null;
  editor: TaskEditorState;
  question: TaskQuestion;
  /** The task holds the current session. */
  isDoing: boolean;
  onClose: () => void;
  onDelete: (task: PlainTask) => void;
  onDoItNow: (dontAskAgain: boolean) => void;
  onStarted: () => void;
}) {
  return (
    <>
      <DeleteTaskDialog
        open={question === 'delete'}
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          if (task) onDelete(task);
        }}
      />
      {task && (
        <CompletionDialogs
          task={task}
          title={editor.draft.title}
          question={question === 'markDone' || question === 'reopen' ? question : null}
          onClose={onClose}
          setCompletion={editor.setCompletion}
          onStarted={onStarted}
          isDoing={isDoing}
        />
      )}
      <DoItNowDialog open={question === 'doItNow'} onCancel={onClose} onConfirm={onDoItNow} />
    </>
  );
}
