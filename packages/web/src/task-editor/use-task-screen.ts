import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reportError } from '../api/query-client';
import { finishTutorial, useIsTutorialFinished } from '../api/tutorials';
import { useLeaveEditor } from '../editors/use-leave-editor';
import type { PlainTask } from '../tasks/tasks-api';
import type { TaskDraft } from './task-draft';
import type { TaskQuestion } from './TaskEditorParts';
import { useFormEnter } from './use-form-enter';
import { useTaskEditor } from './use-task-editor';

/**
 * The task screen's flow around the form: the question open, leaving after a save, Do It Now
 * (back to the agenda), and the form's Enter.
 */
export function useTaskScreen(task: PlainTask | null, initial: TaskDraft, isDoing: boolean) {
  const navigate = useNavigate();
  const editor = useTaskEditor(task, initial);
  const leave = useLeaveEditor(editor.isDirty, '/tasks');
  const [question, setQuestion] = useState<TaskQuestion>(null);
  const canDoItNow = !editor.draft.isCompleted && !isDoing;
  const isDoItNowAnswered = useIsTutorialFinished('doItNowDialog');

  const toAgenda = () => leave.leaveTo(() => void navigate('/agenda', { replace: true }));

  async function save() {
    const outcome = await editor.save();
    if (outcome === 'saved' || outcome === 'unchanged') leave.goBack();
  }

  /**
   * Asks before Do It Now, unless the time needed is refused (then it shows why, unasked) or the
   * person said "Don't ask again" (here or on the agenda).
   */
  function askDoItNow() {
    if (!editor.checkDuration()) return;
    if (isDoItNowAnswered) void doItNow(false);
    else setQuestion('doItNow');
  }

  async function doItNow(dontAskAgain: boolean) {
    setQuestion(null);
    if (dontAskAgain) finishTutorial('doItNowDialog').catch(reportError);
    if ((await editor.save(true)) === 'saved') toAgenda();
  }

  const onKeyDown = useFormEnter(save, canDoItNow ? askDoItNow : undefined);

  return {
    editor,
    leave,
    question,
    setQuestion,
    canDoItNow,
    toAgenda,
    save,
    askDoItNow,
    doItNow,
    onKeyDown,
  };
}
