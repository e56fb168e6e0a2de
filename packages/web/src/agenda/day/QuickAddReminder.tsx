import AddIcon from '@mui/icons-material/Add';
import { normalizeTitle } from '@planner/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { PlainField } from '../PlainField';
import { agendaActions } from '../data/agenda-actions';
import { useBusy } from '../data/busy-actions';

// What is typed survives the list being rebuilt (drag and drop arrives after the first paint and
// wraps the days), and so does the focus.
const drafts = new Map<number, string>();
let focusedDay: number | null = null;

/** The day's typed title and the field's focus, kept across the list being rebuilt. */
function useDayDraft(dayStart: number) {
  const [title, setTitleState] = useState(() => drafts.get(dayStart) ?? '');
  const input = useRef<HTMLInputElement>(null);
  const setTitle = (value: string) => {
    drafts.set(dayStart, value);
    setTitleState(value);
  };
  useEffect(() => {
    if (focusedDay === dayStart && document.activeElement === document.body) input.current?.focus();
  }, [dayStart]);
  const onFocus = () => (focusedDay = dayStart);
  const onBlur = () => {
    if (focusedDay === dayStart) focusedDay = null;
  };
  return { title, setTitle, input, onFocus, onBlur };
}

/** Spec 2: a quick-add reminder per day; a new reminder is all-day on that day, no star. */
export function QuickAddReminder({
  dayStart,
  dayLabel,
  timeZone,
}: {
  dayStart: number;
  dayLabel: string;
  timeZone: string;
}) {
  const { t } = useTranslation('agenda');
  const { title, setTitle, input, onFocus, onBlur } = useDayDraft(dayStart);
  const isBusy = useBusy('quickAdd');
  const submit = async () => {
    if (isBusy) return;
    const saved = await fire(
      agendaActions.createReminder({
        reminder: {
          title: normalizeTitle(title),
          start: dayStart,
          allDay: true,
          star: false,
          timezone: timeZone,
        },
      }),
    );
    if (saved) setTitle('');
  };
  return (
    <PlainField
      ref={input}
      value={title}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(e) => setTitle(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void submit();
        }
      }}
      placeholder={t('reminders.quickAdd')}
      aria-label={t('reminders.quickAddFor', { day: dayLabel })}
      data-testid="quick-add-reminder"
      start={<AddIcon fontSize="small" sx={{ color: 'text.secondary' }} />}
      boxSx={{
        fontSize: 14,
        px: 1.25,
        py: 0.25,
        borderRadius: 2,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    />
  );
}
