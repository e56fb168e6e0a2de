import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  clampPreparationMinutes,
  PREPARATION_MAX_MINUTES,
  PREPARATION_STEP_MINUTES,
} from '@planner/core';
import { useTranslation } from 'react-i18next';
import { CategoryPicker } from '../categories/CategoryPicker';
import { ChecklistEditor } from '../editors/ChecklistEditor';
import { ClampedNumberField } from '../editors/ClampedNumberField';
import { DateTimeRow } from '../editors/DateTimeInputs';
import { FormSection } from '../editors/EditorLayout';
import { NotesField } from '../editors/NotesField';
import type { PlannerPrefs } from '../editors/prefs';
import { RepeatPicker } from '../editors/RepeatPicker';
import {
  allDayEndFromLastDay,
  keepStartBeforeEnd,
  withAllDay,
  type EventDraft,
} from './event-draft';
import { NotificationsEditor } from './NotificationsEditor';

export interface EventFormFieldsProps {
  draft: EventDraft;
  update: (change: (d: EventDraft) => EventDraft) => void;
  categoryError: string | null;
  isReadOnly: boolean;
  prefs: PlannerPrefs;
}

function PreparationField(props: {
  label: string;
  name: string;
  value: number;
  onChange: (m: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('editors');
  return (
    <ClampedNumberField
      label={props.label}
      name={props.name}
      value={props.value}
      clamp={clampPreparationMinutes}
      min={0}
      max={PREPARATION_MAX_MINUTES}
      step={PREPARATION_STEP_MINUTES}
      onChange={props.onChange}
      disabled={props.disabled}
      fullWidth
      slotProps={{ input: { endAdornment: t('event.minutes') } }}
    />
  );
}

/** The title and category. */
function EventTitleSection({ draft, update, categoryError, isReadOnly }: EventFormFieldsProps) {
  const { t } = useTranslation('editors');
  return (
    <FormSection>
      <TextField
        name="title"
        label={t('event.title')}
        placeholder={t('common.untitled')}
        value={draft.title}
        onChange={(event) => update((d) => ({ ...d, title: event.target.value }))}
        disabled={isReadOnly}
        autoFocus={!isReadOnly}
        fullWidth
      />
      <CategoryPicker
        value={draft.category}
        onChange={(category) => update((d) => ({ ...d, category }))}
        errorKey={categoryError}
        disabled={isReadOnly}
      />
    </FormSection>
  );
}

/** All day, the start and the end (an all-day event shows its last day). */
function EventTimeSection({ draft, update, isReadOnly, prefs }: EventFormFieldsProps) {
  const { t } = useTranslation('editors');
  const zone = prefs.timeZone;
  return (
    <FormSection>
      <FormControlLabel
        control={
          <Switch
            name="all-day"
            checked={draft.allDay}
            disabled={isReadOnly}
            onChange={(_, checked) => update((d) => withAllDay(d, checked, zone))}
          />
        }
        label={t('event.allDay')}
      />
      <DateTimeRow
        name="start"
        dateLabel={t('event.startDate')}
        label={t('event.startTime')}
        allDay={draft.allDay}
        valueMs={draft.start}
        onChange={(start) => update((d) => ({ ...d, start }))}
        onCommit={() => update((d) => keepStartBeforeEnd(d, 'start'))}
        prefs={prefs}
        disabled={isReadOnly}
      />
      <DateTimeRow
        name="end"
        dateLabel={t(draft.allDay ? 'event.lastDay' : 'event.endDate')}
        label={t('event.endTime')}
        allDay={draft.allDay}
        valueMs={draft.allDay ? draft.end - 1 : draft.end}
        onChange={(end) =>
          update((d) => ({ ...d, end: d.allDay ? allDayEndFromLastDay(end, zone) : end }))
        }
        onCommit={() => update((d) => keepStartBeforeEnd(d, 'end'))}
        prefs={prefs}
        disabled={isReadOnly}
      />
    </FormSection>
  );
}

/** The preparation time before and after the event. */
function EventPreparationSection({ draft, update, isReadOnly }: EventFormFieldsProps) {
  const { t } = useTranslation('editors');
  return (
    <FormSection>
      <Typography variant="subtitle2">{t('event.preparation')}</Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
        <PreparationField
          label={t('event.before')}
          name="travel-top"
          value={draft.travelTopMinutes}
          onChange={(m) => update((d) => ({ ...d, travelTopMinutes: m }))}
          disabled={isReadOnly}
        />
        <PreparationField
          label={t('event.after')}
          name="travel-bottom"
          value={draft.travelBottomMinutes}
          onChange={(m) => update((d) => ({ ...d, travelBottomMinutes: m }))}
          disabled={isReadOnly}
        />
      </Box>
    </FormSection>
  );
}

/** The event form, in the order a person fills it (spec 2, Event screen). */
export function EventFormFields(props: EventFormFieldsProps) {
  const { draft, update, isReadOnly, prefs } = props;
  const { t } = useTranslation('editors');
  return (
    <>
      <EventTitleSection {...props} />
      <EventTimeSection {...props} />
      <FormSection>
        <RepeatPicker
          rule={draft.rule}
          onChange={(rule) => update((d) => ({ ...d, rule }))}
          startMs={draft.start}
          prefs={prefs}
          disabled={isReadOnly}
        />
      </FormSection>
      <EventPreparationSection {...props} />
      <FormSection>
        <Typography variant="subtitle2">{t('event.notifications')}</Typography>
        <NotificationsEditor
          offsets={draft.notifications}
          onChange={(notifications) => update((d) => ({ ...d, notifications }))}
          disabled={isReadOnly}
        />
      </FormSection>
      <FormSection>
        <NotesField
          value={draft.note}
          onChange={(note) => update((d) => ({ ...d, note }))}
          disabled={isReadOnly}
        />
      </FormSection>
      <FormSection>
        <Typography variant="subtitle2">{t('checklist.title')}</Typography>
        <ChecklistEditor
          items={draft.checklist}
          onChange={(checklist) => update((d) => ({ ...d, checklist }))}
          disabled={isReadOnly}
        />
      </FormSection>
    </>
  );
}
