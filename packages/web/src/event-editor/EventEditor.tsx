import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useSourceName } from '../agenda/model/synced-source';
import { ConfirmDialog } from '../editors/ConfirmDialog';
import { EditorActions } from '../editors/EditorActions';
import { EditorLayout } from '../editors/EditorLayout';
import { formatDuration } from '../editors/format';
import type { PlannerPrefs } from '../editors/prefs';
import { ScopeDialog } from '../editors/ScopeDialog';
import { useLeaveEditor } from '../editors/use-leave-editor';
import type { EventDraft } from './event-draft';
import { EventFormFields } from './EventFormFields';
import { useEventEditor, type EventRef } from './use-event-editor';

export interface EventEditorProps {
  eventRef: EventRef | null;
  initial: EventDraft;
  prefs: PlannerPrefs;
}

/** The event screen: form, save with its questions, delete, read-only for synced events. */
export function EventEditor({ eventRef, initial, prefs }: EventEditorProps) {
  const { t } = useTranslation('editors');
  const editor = useEventEditor(eventRef, initial, prefs.timeZone);
  const leave = useLeaveEditor(editor.isDirty, '/agenda');
  const source = eventRef?.event.source ?? '';
  const isReadOnly = source !== '';
  const sourceName = useSourceName();
  const { question } = editor;

  async function save(confirmedLong = false) {
    const outcome = await editor.save(confirmedLong);
    if (outcome === true || outcome === 'unchanged') leave.goBack();
  }

  return (
    <EditorLayout
      title={t(eventRef ? 'event.screenTitle' : 'event.newTitle')}
      onBack={leave.requestLeave}
      discardDialog={leave.discardDialog}
      actions={
        isReadOnly ? undefined : (
          <EditorActions
            onDelete={eventRef ? editor.askDelete : undefined}
            isDeleteDisabled={editor.isSaving}
            onSave={() => void save()}
            isSaving={editor.isSaving}
          />
        )
      }
    >
      {isReadOnly && (
        <Alert severity="info" sx={{ mb: 2, borderRadius: 3 }}>
          {t('event.synced', { source: sourceName(source) })}
        </Alert>
      )}
      <EventFormFields
        draft={editor.draft}
        update={editor.update}
        categoryError={editor.categoryError}
        isReadOnly={isReadOnly}
        prefs={prefs}
      />
      <ConfirmDialog
        open={question.kind === 'long'}
        title={t('event.longTitle')}
        text={t('event.longText', {
          duration: question.kind === 'long' ? formatDuration(question.durationMs, t) : '',
        })}
        confirmLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        onCancel={editor.closeQuestion}
        onConfirm={() => void save(true)}
      />
      <ConfirmDialog
        open={question.kind === 'delete'}
        title={t('event.deleteTitle')}
        text={t('common.noUndo')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        isDestructive
        onCancel={editor.closeQuestion}
        onConfirm={() => void editor.remove(0).then((done) => done && leave.goBack())}
      />
      <ScopeDialog
        open={question.kind === 'scope'}
        action={question.kind === 'scope' ? question.action : 'update'}
        scopes={question.kind === 'scope' ? question.scopes : []}
        onCancel={editor.closeQuestion}
        onChoose={(scope) => {
          const action = question.kind === 'scope' ? question.action : 'update';
          const run = action === 'delete' ? editor.remove(scope) : editor.send(scope);
          void run.then((done) => done && leave.goBack());
        }}
      />
    </EditorLayout>
  );
}
