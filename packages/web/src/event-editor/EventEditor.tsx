import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useSourceName } from '../agenda/model/synced-source';
import { EditorActions } from '../editors/EditorActions';
import { EditorLayout } from '../editors/EditorLayout';
import type { PlannerPrefs } from '../editors/prefs';
import { useLeaveEditor } from '../editors/use-leave-editor';
import type { EventDraft } from './event-draft';
import { EventFormFields } from './EventFormFields';
import { EventQuestionDialogs } from './EventQuestionDialogs';
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
      <EventQuestionDialogs
        question={editor.question}
        onClose={editor.closeQuestion}
        onConfirmLong={() => void save(true)}
        onDelete={(scope) => void editor.remove(scope).then((done) => done && leave.goBack())}
        onSend={(scope) => void editor.send(scope).then((done) => done && leave.goBack())}
      />
    </EditorLayout>
  );
}
