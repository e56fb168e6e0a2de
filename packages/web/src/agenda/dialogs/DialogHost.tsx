import type { AgendaEnv } from '../use-agenda-env';
import { AddRecordDialog } from './AddRecordDialog';
import { useOpenDialog } from './dialog-store';
import {
  ClearOverdueDialog,
  HistoryLimitDialog,
  PostponeDialog,
  ShuffleDialog,
  TakeBreakDialog,
  UpgradeDialog,
} from './OtherDialogs';
import { TipsDialog } from '../tutorials/TipsDialog';
import { ShortcutsDialog } from './ShortcutsDialog';
import { DoItNowDialog, DueStatusDialog, MarkDoneDialog, ReopenDialog } from './TaskDialogs';
import {
  DeleteRecordDialog,
  EditTimeblockDialog,
  mayEditHistory,
  UnlockDialog,
} from './TimeDialogs';

/** Renders the agenda dialog that is open, if any. History edits past the limit get the upsell. */
export function DialogHost({ env }: { env: AgendaEnv }) {
  const dialog = useOpenDialog();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'addRecord':
      return mayEditHistory(env, dialog.window.end) ? (
        <AddRecordDialog window={dialog.window} env={env} />
      ) : (
        <HistoryLimitDialog />
      );
    case 'editTimeblock':
      return mayEditHistory(env, dialog.block.end) ? (
        <EditTimeblockDialog block={dialog.block} env={env} />
      ) : (
        <HistoryLimitDialog />
      );
    case 'deleteRecord':
      return mayEditHistory(env, dialog.block.end) ? (
        <DeleteRecordDialog block={dialog.block} />
      ) : (
        <HistoryLimitDialog />
      );
    case 'unlock':
      return <UnlockDialog block={dialog.block} />;
    case 'doItNow':
      return <DoItNowDialog task={dialog.task} keepCurrent={dialog.keepCurrent} />;
    case 'markDone':
      return <MarkDoneDialog task={dialog.task} env={env} />;
    case 'reopen':
      return <ReopenDialog task={dialog.task} env={env} />;
    case 'dueStatus':
      return <DueStatusDialog task={dialog.task} env={env} />;
    case 'postpone':
      return <PostponeDialog reminder={dialog.reminder} env={env} />;
    case 'clearOverdue':
      return <ClearOverdueDialog count={dialog.count} />;
    case 'takeBreak':
      return <TakeBreakDialog env={env} />;
    case 'shuffle':
      return <ShuffleDialog />;
    case 'historyLimit':
      return <HistoryLimitDialog />;
    case 'upgrade':
      return <UpgradeDialog limit={dialog.limit} reason={dialog.reason} />;
    case 'shortcuts':
      return <ShortcutsDialog />;
    case 'tips':
      return <TipsDialog env={env} />;
  }
}
