import AddIcon from '@mui/icons-material/Add';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import SpeedDial, { speedDialClasses } from '@mui/material/SpeedDial';
import SpeedDialAction, { speedDialActionClasses } from '@mui/material/SpeedDialAction';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newEventRoute, newReminderRoute, newTaskRoute } from '../routes';
import { shortcutFor } from '../shortcuts';
import { FAB_SIZE, SPEED_DIAL_POSITION } from './AgendaSpeedDial';

export interface AgendaSpeedDialProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface SpeedDialMenuProps {
  /** Opened from the keyboard: the dial's button takes the focus the closed button had. */
  takesFocus: boolean;
  /** Closed by Escape, its button, leaving it or an action; `hadFocus`: the focus was in it. */
  onClose: (hadFocus: boolean) => void;
}

/** Spec 2: the creation speed dial (reminder, event, task); the editors are their own screens. */
export function SpeedDialMenu({ takesFocus, onClose }: SpeedDialMenuProps) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const dialButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takesFocus) dialButton.current?.focus();
  }, [takesFocus]);
  const actions = [
    { key: 'reminder', icon: <AlarmIcon />, to: newReminderRoute() },
    { key: 'event', icon: <EventIcon />, to: newEventRoute() },
    { key: 'task', icon: <TaskAltIcon />, to: newTaskRoute() },
  ] as const;
  return (
    <SpeedDial
      ref={root}
      ariaLabel={t('create.label')}
      icon={<AddIcon />}
      open
      FabProps={{ ref: dialButton }}
      // Hovering neither opens nor closes it: a click or a tap does.
      onClose={(_e, reason) => {
        if (reason !== 'mouseLeave')
          onClose(root.current?.contains(document.activeElement) ?? false);
      }}
      // An open dial is a menu: a single key is not an agenda shortcut there (docs/accessibility.md).
      onKeyDown={(event) => {
        if (shortcutFor(event.nativeEvent)) event.stopPropagation();
      }}
      sx={{
        ...SPEED_DIAL_POSITION,
        [`& .${speedDialClasses.fab}`]: FAB_SIZE,
        // The labels sit beside their actions, placed absolutely: without nowrap they are as
        // narrow as an action and break after every word ("New / task").
        [`& .${speedDialActionClasses.staticTooltipLabel}`]: { whiteSpace: 'nowrap' },
      }}
      data-testid="speed-dial"
    >
      {actions.map((action) => (
        <SpeedDialAction
          key={action.key}
          icon={action.icon}
          slotProps={{ tooltip: { open: true, title: t(`create.${action.key}`) } }}
          onClick={() => {
            onClose(false);
            navigate(action.to);
          }}
        />
      ))}
    </SpeedDial>
  );
}
