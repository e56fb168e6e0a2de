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
import { serverNow } from '../data/clock-offset';
import { formatDuration, formatTime } from '../model/format';
import type { TimeRange, WireTask } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { AgendaDialog } from './AgendaDialog';

type Choice = WireTask | string;

/**
 * Add record: time already spent, between two cursors over the free time (0 to 100 %), the start
 * never after now and the cursors never crossing (spec 5); an open task or a new one.
 */
export function AddRecordDialog({ window, env }: { window: TimeRange; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const [now] = useState(serverNow);
  const bounds = { ...window, now };
  const [cursors, setCursors] = useState<PercentRange>(() =>
    constrainAddRecordCursors({ startPct: 0, endPct: 100 }, 'end', bounds),
  );
  const [choice, setChoice] = useState<Choice | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tasks = useQuery({
    queryKey: ['agenda', 'openTasks'],
    queryFn: async () =>
      (await serverApi.getTasks({ status: 'todo', cheap: true }, { showLoading: false })).tasks,
    meta: { silent: true },
  });
  const categories = useCategories().data ?? [];
  const start = instantAtPercent(window, cursors.startPct);
  const end = instantAtPercent(window, cursors.endPct);
  const isNewTask = typeof choice === 'string';

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

  return (
    <AgendaDialog
      title={t('addRecord.title')}
      confirmLabel={t('addRecord.confirm')}
      onConfirm={save}
      isConfirmDisabled={choice === null || end <= start}
      testId="add-record-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('addRecord.text')}
      </Typography>
      <Slider
        value={[cursors.startPct, cursors.endPct]}
        onChange={(_e, value, thumb) => {
          const [startPct = 0, endPct = 100] = Array.isArray(value) ? value : [value, value];
          setCursors(
            constrainAddRecordCursors({ startPct, endPct }, thumb === 0 ? 'start' : 'end', bounds),
          );
        }}
        step={0.5}
        disableSwap
        getAriaLabel={(thumb) => t(thumb === 0 ? 'addRecord.start' : 'addRecord.end')}
        getAriaValueText={(pct) => formatTime(instantAtPercent(window, pct), env)}
        valueLabelDisplay="auto"
        valueLabelFormat={(pct) => formatTime(instantAtPercent(window, pct), env)}
        sx={{ mx: 1, width: 'calc(100% - 16px)' }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatTime(start, env)} – {formatTime(end, env)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDuration(end - start, env.tag)}
        </Typography>
      </Box>
      <Autocomplete<Choice, false, false, true>
        freeSolo
        options={tasks.data ?? []}
        getOptionLabel={(option) =>
          typeof option === 'string' ? option : option.title || t('untitled')
        }
        value={choice}
        onChange={(_e, value) => setChoice(value)}
        onInputChange={(_e, value, reason) => {
          if (reason === 'input') setChoice(value === '' ? null : value);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('addRecord.task')}
            helperText={isNewTask ? t('addRecord.newTask') : ' '}
          />
        )}
      />
      {isNewTask && (
        <TextField
          select
          label={t('addRecord.category')}
          value={categoryId}
          onChange={(e) => {
            setCategoryId(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
          sx={{ mt: 1 }}
        >
          {categories.map((category) => (
            <MenuItem key={category.id} value={category.id}>
              {category.title}
            </MenuItem>
          ))}
        </TextField>
      )}
    </AgendaDialog>
  );
}
