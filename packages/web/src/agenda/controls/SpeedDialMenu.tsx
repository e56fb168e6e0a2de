import AddIcon from '@mui/icons-material/Add';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import SpeedDial, { speedDialClasses } from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newEventRoute, newReminderRoute, newTaskRoute } from '../routes';
import { FAB_SIZE, SPEED_DIAL_POSITION } from './AgendaSpeedDial';

export interface AgendaSpeedDialProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 2: the creation speed dial (reminder, event, task); the editors are their own screens. */
export function SpeedDialMenu({ open, onOpenChange }: AgendaSpeedDialProps) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const actions = [
    { key: 'reminder', icon: <AlarmIcon />, to: newReminderRoute() },
    { key: 'event', icon: <EventIcon />, to: newEventRoute() },
    { key: 'task', icon: <TaskAltIcon />, to: newTaskRoute() },
  ] as const;
  return (
    <SpeedDial
      ariaLabel={t('create.label')}
      icon={<AddIcon />}
      open={open}
      onOpen={(_e, reason) => {
        if (reason !== 'mouseEnter') onOpenChange(true);
      }}
      onClose={(_e, reason) => {
        if (reason !== 'mouseLeave') onOpenChange(false);
      }}
      sx={{ ...SPEED_DIAL_POSITION, [`& .${speedDialClasses.fab}`]: FAB_SIZE }}
      data-testid="speed-dial"
    >
      {actions.map((action) => (
        <SpeedDialAction
          key={action.key}
          icon={action.icon}
          slotProps={{ tooltip: { open: true, title: t(`create.${action.key}`) } }}
          onClick={() => {
            onOpenChange(false);
            navigate(action.to);
          }}
        />
      ))}
    </SpeedDial>
  );
}
