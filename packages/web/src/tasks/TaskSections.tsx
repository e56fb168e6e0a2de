import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlannerPrefs } from '../editors/prefs';
import type { PlainTask } from './tasks-api';
import { TaskListItem } from './TaskListItem';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`tasks-${id}`} data-section={id} sx={{ mb: 3 }}>
      <Typography
        id={`tasks-${id}`}
        component="h2"
        variant="overline"
        sx={{
          display: 'block',
          px: 2,
          color: 'text.secondary',
          fontWeight: 700,
          letterSpacing: 0.8,
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export interface TaskSectionsProps {
  doing: PlainTask | null;
  todo: readonly PlainTask[];
  done: readonly PlainTask[];
  isLoadingMore: boolean;
  prefs: PlannerPrefs;
  now: number;
}

/** Doing, To do (with its count) and Done, each in the spec's order. */
export function TaskSections({ doing, todo, done, isLoadingMore, prefs, now }: TaskSectionsProps) {
  const { t } = useTranslation('editors');
  const items = (tasks: readonly PlainTask[]) => (
    // One column that may be narrower than a row's text (the implicit `auto` column grows to the
    // longest title), so a long title is cut in its row instead of widening the page.
    <List disablePadding sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.25 }}>
      {tasks.map((task) => (
        <ListItem key={task.id} disablePadding>
          <TaskListItem task={task} prefs={prefs} now={now} />
        </ListItem>
      ))}
    </List>
  );
  return (
    <>
      {doing && (
        <Section id="doing" title={t('tasks.doing')}>
          {items([doing])}
        </Section>
      )}
      {todo.length > 0 && (
        <Section id="todo" title={t('tasks.todo', { count: todo.length })}>
          {items(todo)}
        </Section>
      )}
      {done.length > 0 && (
        <Section id="done" title={t('tasks.done')}>
          {items(done)}
        </Section>
      )}
      {isLoadingMore && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      )}
    </>
  );
}
