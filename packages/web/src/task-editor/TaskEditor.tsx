import { useTranslation } from 'react-i18next';
import { EditorActions } from '../editors/EditorActions';
import { EditorLayout } from '../editors/EditorLayout';
import type { PlannerPrefs } from '../editors/prefs';
import { scheduleTaskDelete } from '../tasks/pending-deletes';
import type { PlainTask } from '../tasks/tasks-api';
import type { TaskDraft } from './task-draft';
import { DoItNowButton, TaskEditorDialogs, TaskFormBody } from './TaskEditorParts';
import { useTaskScreen } from './use-task-screen';

export interface TaskEditorProps {
  task: PlainTask | null;
  initial: TaskDraft;
  isEditMode: boolean;
  isDoing: boolean;
  prefs: PlannerPrefs;
}

/** The task screen (spec 2): the form, delete with undo, and Do It Now. */
export function TaskEditor({ task, initial, isEditMode, isDoing, prefs }: TaskEditorProps) {
  // The dialogs' strings load with the screen, so opening one does not wait for them.
  const { t } = useTranslation(['editors', 'task-dialogs']);
  const screen = useTaskScreen(task, initial, isDoing);
  const { editor, leave, question, setQuestion, toAgenda, save } = screen;

  return (
    <EditorLayout
      title={t(task ? 'task.screenTitle' : 'task.newTitle')}
      onBack={leave.requestLeave}
      discardDialog={leave.discardDialog}
      actions={
        <EditorActions
          onDelete={task ? () => setQuestion('delete') : undefined}
          onSave={() => void save()}
          isSaving={editor.isSaving}
        />
      }
      bottomBar={
        screen.canDoItNow ? (
          <DoItNowButton isSaving={editor.isSaving} onClick={screen.askDoItNow} />
        ) : undefined
      }
    >
      <TaskFormBody
        editor={editor}
        task={task}
        isEditMode={isEditMode}
        isDoing={isDoing}
        prefs={prefs}
        onKeyDown={screen.onKeyDown}
        onCompletedChange={(isCompleted) => setQuestion(isCompleted ? 'markDone' : 'reopen')}
      />
      <TaskEditorDialogs
        task={task}
        editor={editor}
        isDoing={isDoing}
        question={question}
        onClose={() => setQuestion(null)}
        onDelete={(deleted) => {
          scheduleTaskDelete(deleted.id);
          leave.goBack();
        }}
        onDoItNow={(dontAskAgain) => void screen.doItNow(dontAskAgain)}
        // Started now: the agenda shows it running; with other edits unsaved the screen stays.
        onStarted={() => {
          if (!editor.isDirty) toAgenda();
        }}
      />
    </EditorLayout>
  );
}
