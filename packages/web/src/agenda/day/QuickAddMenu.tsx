import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { IdleBlock } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openDialog } from '../dialogs/dialog-store';
import { newEventRoute, newReminderRoute, newTaskRoute } from '../routes';
import type { MenuAnchor } from './menu-anchor';

export interface QuickAddMenuProps {
  target: { anchor: MenuAnchor; idle: IdleBlock } | null;
  now: number;
  onClose: () => void;
}

/** A quick-add spot: a record for time already spent, or something new for the time ahead. */
export function QuickAddMenu({ target, now, onClose }: QuickAddMenuProps) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const idle = target?.idle;
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Menu anchorEl={target?.anchor ?? null} open={target !== null} onClose={onClose}>
      {idle && idle.start < now && (
        <MenuItem
          onClick={() => {
            onClose();
            openDialog({
              kind: 'addRecord',
              window: { start: idle.start, end: Math.min(idle.end, now) },
            });
          }}
        >
          <ListItemIcon>
            <HistoryIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('idle.addRecord')}</ListItemText>
        </MenuItem>
      )}
      <MenuItem onClick={() => go(newTaskRoute())}>
        <ListItemIcon>
          <TaskAltIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('create.task')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => go(newEventRoute())}>
        <ListItemIcon>
          <EventIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('create.event')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => go(newReminderRoute(idle ? Math.max(idle.start, now) : undefined))}>
        <ListItemIcon>
          <AlarmIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('create.reminder')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
