import { useTranslation } from 'react-i18next';
import {
  MarkDoneDialog,
  ReopenDialog,
  reopenedTimeScheduled,
} from '../components/TaskCompletionDialogs';
import { formatDuration } from '../editors/format';
import type { PlainTask } from '../tasks/tasks-api';
import type { CompletionChange } from './task-draft';

export type CompletionQuestion = 'markDone' | 'reopen' | null;

export interface CompletionDialogsProps {
  task: PlainTask;
  /** The title as typed so far. */
  title: string;
  question: CompletionQuestion;
  onClose: () => void;
  /** Sends the change; resolves false when it failed (the dialog stays). */
  setCompletion: (change: CompletionChange) => Promise<boolean>;
  /** Reopened with do it now. */
  onStarted: () => void;
  /** The task holds the current session: marking it done may take a break after it. */
  isDoing: boolean;
}

/** The completed switch's questions (spec 4): mark as done with a rest, or reopen. */
export function CompletionDialogs(props: CompletionDialogsProps) {
  const { t } = useTranslation('editors');
  const format = (ms: number) => formatDuration(ms, t);
  return (
    <>
      <MarkDoneDialog
        open={props.question === 'markDone'}
        holdsSession={props.isDoing}
        taskTitle={props.title}
        formatDuration={format}
        onConfirm={({ rest }) => props.setCompletion({ isCompleted: true, rest })}
        onClose={props.onClose}
      />
      <ReopenDialog
        open={props.question === 'reopen'}
        taskTitle={props.title}
        formatDuration={format}
        onConfirm={async (choice) => {
          const isDone = await props.setCompletion({
            isCompleted: false,
            timeScheduled: reopenedTimeScheduled(props.task, choice),
            doItNow: choice.doItNow,
          });
          if (isDone && choice.doItNow) props.onStarted();
          return isDone;
        }}
        onClose={props.onClose}
      />
    </>
  );
}
