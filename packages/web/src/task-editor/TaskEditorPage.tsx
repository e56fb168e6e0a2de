import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EditorLoading, EditorNotFound } from '../editors/EditorStatus';
import { PickersProvider } from '../editors/PickersProvider';
import { usePlannerPrefs } from '../editors/prefs';
import { useCurrentTaskId, useTask } from '../tasks/tasks-api';
import { readCachedNote, writeCachedNote } from './note-cache';
import { draftFromTask, newTaskDraft } from './task-draft';
import { TaskEditor } from './TaskEditor';
import { serverNow } from '../api/server-clock';

const newId = () => crypto.randomUUID();

function NewTask() {
  const prefs = usePlannerPrefs();
  const [searchParams] = useSearchParams();
  const title = searchParams.get('title') ?? '';
  // Read once: the deadline default is 7 days from when the screen opened.
  const initial = useMemo(
    () => newTaskDraft({ title, now: serverNow(), timeZone: prefs.timeZone, newId: newId() }),
    [],
  );
  return <TaskEditor task={null} initial={initial} isEditMode isDoing={false} prefs={prefs} />;
}

function ExistingTask({ id, isEditMode }: { id: string; isEditMode: boolean }) {
  const { t } = useTranslation('editors');
  const prefs = usePlannerPrefs();
  const query = useTask(id);
  const currentTaskId = useCurrentTaskId();
  const task = query.data ?? null;
  const [cachedNote] = useState(() => readCachedNote(id));
  const initial = useMemo(() => {
    if (!task) return null;
    if (task.note) writeCachedNote(task.id, task.note);
    return draftFromTask(task, newId(), cachedNote);
  }, [task, cachedNote]);
  if (query.isPending) return <EditorLoading />;
  if (!task || !initial) {
    return (
      <EditorNotFound
        message={t('task.notFound')}
        backTo="/tasks"
        backLabel={t('task.backToList')}
      />
    );
  }
  return (
    <TaskEditor
      key={task.id}
      task={task}
      initial={initial}
      isEditMode={isEditMode}
      isDoing={currentTaskId === task.id}
      prefs={prefs}
    />
  );
}

/** /tasks/create?title= and /task/{encodedTaskId}/{edit?} (spec 2). */
export default function TaskEditorPage() {
  const params = useParams();
  const id = params['encodedTaskId'];
  return (
    <PickersProvider>
      {id === undefined ? (
        <NewTask />
      ) : (
        <ExistingTask id={id} isEditMode={params['edit'] === 'edit'} />
      )}
    </PickersProvider>
  );
}
