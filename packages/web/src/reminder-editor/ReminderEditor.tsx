import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { SCOPE_ALL, SCOPE_THIS, type RecurrenceScope } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { EditorActions } from '../editors/EditorActions';
import { EditorLayout } from '../editors/EditorLayout';
import type { PlannerPrefs } from '../editors/prefs';
import { ScopeDialog } from '../editors/ScopeDialog';
import type { PlainReminder, ReminderDraft } from './reminder-draft';
import { ReminderFormFields } from './ReminderFormFields';
import { useReminderEditor, type ReminderEditorState } from './use-reminder-editor';

/** Spec 4: a recurring reminder asks whether a change covers this one or the series. */
const REMINDER_SCOPES: readonly RecurrenceScope[] = [SCOPE_THIS, SCOPE_ALL];

export interface ReminderEditorProps {
  reminder: PlainReminder | null;
  initial: ReminderDraft;
  prefs: PlannerPrefs;
}

/** The reminder screen: star, delete, save, title, all day, date and time, repeat. */
export function ReminderEditor({ reminder, initial, prefs }: ReminderEditorProps) {
  const { t } = useTranslation('editors');
  const editor = useReminderEditor(reminder, initial, prefs);
  const { draft, setDraft, isSeries, setQuestion, leave, save } = editor;

  return (
    <EditorLayout
      title={t(reminder ? 'reminder.screenTitle' : 'reminder.newTitle')}
      onBack={leave.requestLeave}
      discardDialog={leave.discardDialog}
      actions={
        <EditorActions
          leading={
            <StarToggle
              isStarred={draft.star}
              onToggle={() => setDraft((d) => ({ ...d, star: !d.star }))}
            />
          }
          onDelete={reminder ? () => setQuestion(isSeries ? 'deleteScope' : 'delete') : undefined}
          onSave={save}
          isSaving={editor.isSaving}
        />
      }
    >
      <ReminderFormFields
        draft={draft}
        setDraft={setDraft}
        zone={editor.zone}
        prefs={prefs}
        onSave={save}
      />
      <ReminderDialogs editor={editor} />
    </EditorLayout>
  );
}

function StarToggle({ isStarred, onToggle }: { isStarred: boolean; onToggle: () => void }) {
  const { t } = useTranslation('editors');
  return (
    <Tooltip title={t('reminder.star')}>
      <IconButton
        aria-label={t('reminder.star')}
        aria-pressed={isStarred}
        onClick={onToggle}
        sx={{ color: isStarred ? 'warning.main' : 'action.active' }}
      >
        {isStarred ? <StarIcon /> : <StarBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** Which occurrences a change or delete covers (a series), or delete confirmed (a single one). */
function ReminderDialogs({ editor }: { editor: ReminderEditorState }) {
  const { t } = useTranslation('editors');
  const { question, setQuestion, send, remove } = editor;
  return (
    <>
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
    </>
  );
}
