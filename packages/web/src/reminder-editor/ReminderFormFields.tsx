import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeRow } from '../editors/DateTimeInputs';
import { FormSection } from '../editors/EditorLayout';
import type { PlannerPrefs } from '../editors/prefs';
import { RepeatPicker } from '../editors/RepeatPicker';
import { withReminderAllDay, type ReminderDraft } from './reminder-draft';

interface ReminderFormFieldsProps {
  draft: ReminderDraft;
  setDraft: Dispatch<SetStateAction<ReminderDraft>>;
  /** The reminder's own zone, else the person's. */
  zone: string;
  prefs: PlannerPrefs;
  /** Enter in the title saves. */
  onSave: () => void;
}

/** The reminder's fields: title, all day, date and time, and repeat. */
export function ReminderFormFields(props: ReminderFormFieldsProps) {
  const { draft, setDraft, zone, prefs } = props;
  const { t } = useTranslation('editors');
  return (
    <>
      <FormSection>
        <TextField
          name="title"
          label={t('reminder.title')}
          placeholder={t('common.untitled')}
          value={draft.title}
          autoFocus
          fullWidth
          onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') props.onSave();
          }}
        />
        <FormControlLabel
          control={
            <Switch
              name="all-day"
              checked={draft.allDay}
              onChange={(_, checked) => setDraft((d) => withReminderAllDay(d, checked, zone))}
            />
          }
          label={t('reminder.allDay')}
        />
        <DateTimeRow
          name="start"
          dateLabel={t('reminder.date')}
          label={t('reminder.time')}
          allDay={draft.allDay}
          valueMs={draft.start}
          onChange={(start) => setDraft((d) => ({ ...d, start }))}
          prefs={{ ...prefs, timeZone: zone }}
        />
      </FormSection>
      <FormSection>
        <RepeatPicker
          rule={draft.rule}
          onChange={(rule) => setDraft((d) => ({ ...d, rule }))}
          startMs={draft.start}
          prefs={{ ...prefs, timeZone: zone }}
        />
      </FormSection>
    </>
  );
}
