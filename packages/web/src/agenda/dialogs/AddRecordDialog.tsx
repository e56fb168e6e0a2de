import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  constrainAddRecordCursors,
  instantAtPercent,
  normalizeTitle,
  validateCategoryChoice,
  type PercentRange,
} from '@planner/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from '../data/agenda-api';
import { useCategories } from '../../categories/categories-api';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../../api/server-clock';
import { formatDuration, formatTime } from '../model/format';
import type { TimeRange, WireTask } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { AgendaDialog } from './AgendaDialog';

type Choice = WireTask | string;

/** The record's cursors, its task (an open one, or a new title) and a new task's category. */
function useAddRecord(window: TimeRange) {
  const { t } = useTranslation('agenda');
  const [now] = useState(serverNow);
  const bounds = { ...window, now };
  const [cursors, setCursors] = useState<PercentRange>(() =>
    constrainAddRecordCursors({ startPct: 0, endPct: 100 }, 'end', bounds),
  );
  const [choice, setChoice] = useState<Choice | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = instantAtPercent(window, cursors.startPct);
  const end = instantAtPercent(window, cursors.endPct);
  const moveCursor = (range: PercentRange, moved: 'start' | 'end') =>
    setCursors(constrainAddRecordCursors(range, moved, bounds));
  const chooseCategory = (id: string) => {
    setCategoryId(id);
    setError(null);
  };

  const save = async () => {
    const timeblock = { start, end };
    if (choice === null) return false;
    if (typeof choice !== 'string') {
      return fire(
        agendaActions.addTimeblock({ timeblock: { ...timeblock, task: { id: choice.id } } }),
      );
    }
    const invalid = validateCategoryChoice(categoryId);
    if (invalid) {
      setError(t('addRecord.chooseCategory'));
      return false;
    }
    return fire(
      agendaActions.addTimeblock({
        timeblock: {
          ...timeblock,
          task: { title: normalizeTitle(choice), category: { id: categoryId } },
        },
        createTask: true,
      }),
    );
  };
  return {
    cursors,
    moveCursor,
    start,
    end,
    choice,
    setChoice,
    categoryId,
    chooseCategory,
    error,
    save,
  };
}

/**
 * Add record: time already spent, between two cursors over the free time (0 to 100 %), the start
 * never after now and the cursors never crossing (spec 5); an open task or a new one.
 */
export function AddRecordDialog({ window, env }: { window: TimeRange; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const record = useAddRecord(window);
  const categories = useCategories().data ?? [];
  const { start, end, choice } = record;
  return (
    <AgendaDialog
      title={t('addRecord.title')}
      confirmLabel={t('addRecord.confirm')}
      onConfirm={record.save}
      isConfirmDisabled={choice === null || end <= start}
      testId="add-record-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('addRecord.text')}
      </Typography>
      <RecordTimeSlider
        window={window}
        env={env}
        cursors={record.cursors}
        onMove={record.moveCursor}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatTime(start, env)} – {formatTime(end, env)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDuration(end - start, env.tag)}
        </Typography>
      </Box>
      <RecordTaskField choice={choice} onChoice={record.setChoice} />
      {typeof choice === 'string' && (
        <NewTaskCategory
          categories={categories}
          categoryId={record.categoryId}
          error={record.error}
          onChange={record.chooseCategory}
        />
      )}
    </AgendaDialog>
  );
}

/** The two cursors over the free time, each read out as its time of day. */
function RecordTimeSlider(props: {
  window: TimeRange;
  env: AgendaEnv;
  cursors: PercentRange;
  onMove: (range: PercentRange, moved: 'start' | 'end') => void;
}) {
  const { t } = useTranslation('agenda');
  const { window, env, cursors } = props;
  return (
    <Slider
      value={[cursors.startPct, cursors.endPct]}
      onChange={(_e, value, thumb) => {
        const [startPct = 0, endPct = 100] = Array.isArray(value) ? value : [value, value];
        props.onMove({ startPct, endPct }, thumb === 0 ? 'start' : 'end');
      }}
      step={0.5}
      disableSwap
      getAriaLabel={(thumb) => t(thumb === 0 ? 'addRecord.start' : 'addRecord.end')}
      getAriaValueText={(pct) => formatTime(instantAtPercent(window, pct), env)}
      valueLabelDisplay="auto"
      valueLabelFormat={(pct) => formatTime(instantAtPercent(window, pct), env)}
      sx={{ mx: 1, width: 'calc(100% - 16px)' }}
    />
  );
}

/** An open task to choose, or a title typed for a new one. */
function RecordTaskField(props: {
  choice: Choice | null;
  onChoice: (choice: Choice | null) => void;
}) {
  const { t } = useTranslation('agenda');
  const tasks = useQuery({
    queryKey: ['agenda', 'openTasks'],
    queryFn: async () =>
      (await serverApi.getTasks({ status: 'todo', cheap: true }, { showLoading: false })).tasks,
    meta: { silent: true },
  });
  return (
    <Autocomplete<Choice, false, false, true>
      freeSolo
      options={tasks.data ?? []}
      getOptionLabel={(option) =>
        typeof option === 'string' ? option : option.title || t('untitled')
      }
      value={props.choice}
      onChange={(_e, value) => props.onChoice(value)}
      onInputChange={(_e, value, reason) => {
        if (reason === 'input') props.onChoice(value === '' ? null : value);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('addRecord.task')}
          helperText={typeof props.choice === 'string' ? t('addRecord.newTask') : ' '}
        />
      )}
    />
  );
}

/** A new task's category, which it must have. */
function NewTaskCategory(props: {
  categories: readonly { id: string; title: string }[];
  categoryId: string;
  error: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('agenda');
  return (
    <TextField
      select
      label={t('addRecord.category')}
      value={props.categoryId}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error !== null}
      helperText={props.error ?? ' '}
      sx={{ mt: 1 }}
    >
      {props.categories.map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {category.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
