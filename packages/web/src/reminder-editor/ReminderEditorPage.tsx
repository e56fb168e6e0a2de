import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import * as serverApi from './reminder-api';
import { EditorLoading, EditorNotFound } from '../editors/EditorStatus';
import { PickersProvider } from '../editors/PickersProvider';
import { usePlannerPrefs } from '../editors/prefs';
import { draftFromReminder, newReminderDraft } from './reminder-draft';
import { ReminderEditor } from './ReminderEditor';
import { serverNow } from '../api/server-clock';

/** A timestamp from the route or query, or null when it is not a whole number. */
export function readTimestamp(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^-?\d+$/u.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

function NewReminder() {
  const prefs = usePlannerPrefs();
  const [searchParams] = useSearchParams();
  const [now] = useState(() => serverNow());
  const start = readTimestamp(searchParams.get('start')) ?? now;
  const initial = useMemo(() => newReminderDraft(start, prefs.timeZone), [start, prefs.timeZone]);
  return <ReminderEditor reminder={null} initial={initial} prefs={prefs} />;
}

function ExistingReminder({ id, start }: { id: string; start: number }) {
  const { t } = useTranslation('editors');
  const prefs = usePlannerPrefs();
  const query = useQuery({
    queryKey: [...serverApi.REMINDER_EDITOR_KEY, id, start],
    // The occurrence that starts at the route's start: GetReminders answers [start, end).
    queryFn: async () =>
      (await serverApi.getReminders({ start, end: start + 1 })).reminders.find(
        (r) => r.id === id,
      ) ?? null,
    staleTime: 0,
  });
  const reminder = query.data ?? null;
  const initial = useMemo(() => (reminder ? draftFromReminder(reminder) : null), [reminder]);
  if (query.isPending) return <EditorLoading />;
  if (!reminder || !initial) {
    return (
      <EditorNotFound
        message={t('reminder.notFound')}
        backTo="/agenda"
        backLabel={t('common.toAgenda')}
      />
    );
  }
  return <ReminderEditor reminder={reminder} initial={initial} prefs={prefs} />;
}

/** /reminders/create?start= and /reminders/{encodedReminderId}/{start} (spec 2). */
export default function ReminderEditorPage() {
  const params = useParams();
  const id = params['encodedReminderId'];
  const start = readTimestamp(params['start']);
  return (
    <PickersProvider>
      {id && start !== null ? (
        <ExistingReminder key={`${id}:${start}`} id={id} start={start} />
      ) : (
        <NewReminder />
      )}
    </PickersProvider>
  );
}
