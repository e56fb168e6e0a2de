import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from '../data/agenda-api';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { useBusy } from '../data/busy-actions';
import { formatDuration } from '../model/format';
import type { WireTask } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { unconfirmedUpdates } from './unconfirmed';

/** The unconfirmed tasks, loaded anew for each timeline stamp, and the ones unchecked so far. */
function useUnconfirmedTasks(hasUnconfirmed: boolean, stamp: number) {
  const query = useQuery({
    queryKey: ['agenda', 'unconfirmed', stamp],
    queryFn: async () =>
      (await serverApi.getTasks({ status: 'unconfirmed' }, { showLoading: false })).tasks,
    enabled: hasUnconfirmed,
    meta: { silent: true },
  });
  const tasks = hasUnconfirmed ? (query.data ?? []) : [];
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setUnchecked(new Set()), [query.data]);
  const toggle = (id: string) =>
    setUnchecked((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { tasks, unchecked, toggle };
}

/**
 * Shown whenever the timeline state says a session ended with auto-extend off and the task is
 * not confirmed yet: each task is checked (done) by default; unchecked ones get an hour more.
 */
export function UnconfirmedTasksDialog({
  hasUnconfirmed,
  stamp,
  env,
}: {
  hasUnconfirmed: boolean;
  stamp: number;
  env: AgendaEnv;
}) {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  const isBusy = useBusy('unconfirmed');
  const { tasks, unchecked, toggle } = useUnconfirmedTasks(hasUnconfirmed, stamp);
  if (tasks.length === 0) return null;
  const checked = new Set(tasks.map((task) => task.id).filter((id) => !unchecked.has(id)));
  const submit = (done: ReadonlySet<string>) =>
    void fire(agendaActions.confirmTasks(unconfirmedUpdates(tasks, done)));
  const single = tasks.length === 1 ? tasks[0] : undefined;
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="unconfirmed-dialog">
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t(single ? 'unconfirmed.titleOne' : 'unconfirmed.title')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('unconfirmed.text')}
        </Typography>
        {/* A row is the checkbox's label: one control per task (a checkbox inside a button
            would nest two for a screen reader). */}
        <List dense>
          {tasks.map((task) => (
            <UnconfirmedTaskRow
              key={task.id}
              task={task}
              isChecked={checked.has(task.id)}
              env={env}
              onToggle={() => toggle(task.id)}
            />
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {single && (
          <Button color="inherit" disabled={isBusy} onClick={() => submit(new Set())}>
            {t('unconfirmed.moreTime')}
          </Button>
        )}
        <Button variant="contained" disabled={isBusy} onClick={() => submit(checked)}>
          {t('unconfirmed.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A task, checked to complete it or unchecked to give it an hour more, saying which. */
function UnconfirmedTaskRow(props: {
  task: WireTask;
  isChecked: boolean;
  env: AgendaEnv;
  onToggle: () => void;
}) {
  const { t } = useTranslation('agenda');
  const { task, isChecked } = props;
  return (
    <ListItem disablePadding>
      <FormControlLabel
        sx={{ mx: 0, py: 0.5, width: 1, alignItems: 'flex-start' }}
        control={
          <Checkbox
            checked={isChecked}
            onChange={props.onToggle}
            slotProps={{
              input: {
                'aria-label': t('unconfirmed.done', { title: task.title || t('untitled') }),
              },
            }}
          />
        }
        label={
          <ListItemText
            primary={task.title || t('untitled')}
            secondary={
              isChecked
                ? t('unconfirmed.willComplete')
                : t('unconfirmed.willExtend', {
                    duration: formatDuration(60 * 60_000, props.env.tag),
                  })
            }
          />
        }
      />
    </ListItem>
  );
}
