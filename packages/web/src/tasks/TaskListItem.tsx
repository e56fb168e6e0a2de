import ChecklistIcon from '@mui/icons-material/ChecklistRtl';
import EventIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import { dueStatus, dueStatusTone, titleForDisplay } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CategoryIcon } from '../categories/CategoryIcon';
import { formatDateTime, formatDuration } from '../editors/format';
import { PendingMark } from '../offline/PendingMark';
import { isOfflineTaskId } from '../offline/offline-ids';
import type { PlannerPrefs } from '../editors/prefs';
import type { PlainTask } from './tasks-api';

export function taskRoute(id: string): string {
  return `/task/${encodeURIComponent(id)}`;
}

interface TaskRowProps {
  task: PlainTask;
  prefs: PlannerPrefs;
  now: number;
}

/**
 * The title on one line, cut with an ellipsis, struck through once done; an untitled task shows
 * the placeholder, greyed. The pending mark sits after the line, so a long title never hides it.
 */
function TaskTitle({ task }: { task: PlainTask }) {
  const { t } = useTranslation('editors');
  const shown = titleForDisplay(task.title);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', typography: 'body1' }}>
      <Typography
        noWrap
        sx={{
          minWidth: 0,
          fontWeight: 550,
          color: task.isCompleted || 'titleKey' in shown ? 'text.secondary' : 'text.primary',
          textDecoration: task.isCompleted ? 'line-through' : 'none',
        }}
      >
        {'title' in shown ? shown.title : t(shown.titleKey)}
      </Typography>
      <PendingMark id={task.id} />
    </Box>
  );
}

/** The line below the title: time left, the deadline in its due colour, the checklist's count. */
function TaskDetails({ task, prefs, now }: TaskRowProps) {
  const { t } = useTranslation('editors');
  const tone = dueStatusTone(
    dueStatus({
      isCompleted: task.isCompleted,
      deadline: task.deadline,
      lastTimeblockEnd: task.lastTimeblockEnd,
      now,
    }),
  );
  const done = task.checklist.filter((item) => item.done).length;
  const left = Math.max(0, task.timeScheduled - task.timeFulfilled);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.25,
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      {!task.isCompleted && (
        <span>{t('tasks.timeLeft', { duration: formatDuration(left, t) })}</span>
      )}
      {task.deadline >= 0 && (
        <Box
          component="span"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            color: tone ? `${tone}.main` : 'text.secondary',
          }}
        >
          <EventIcon sx={{ fontSize: 16 }} />
          {formatDateTime(task.deadline, prefs)}
        </Box>
      )}
      {task.checklist.length > 0 && (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ChecklistIcon sx={{ fontSize: 16 }} />
          {done}/{task.checklist.length}
        </Box>
      )}
    </Box>
  );
}

/** One task in the list: category, title, time left, deadline with its due colour, checklist. */
export function TaskListItem({ task, prefs, now }: TaskRowProps) {
  // Made offline and not sent yet: the server has no such task to open.
  const link = isOfflineTaskId(task.id)
    ? { component: 'div' as const, disableRipple: true }
    : { component: RouterLink, to: taskRoute(task.id) };
  return (
    <ListItemButton
      {...link}
      data-task-id={task.id}
      sx={{ borderRadius: 2, py: 1.25, alignItems: 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: 48, mt: 0.25 }}>
        <CategoryIcon icon={task.category?.icon} color={task.category?.color} badge size={16} />
      </ListItemIcon>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TaskTitle task={task} />
        <TaskDetails task={task} prefs={prefs} now={now} />
      </Box>
    </ListItemButton>
  );
}
