import CoffeeIcon from '@mui/icons-material/CoffeeOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import ViewDayIcon from '@mui/icons-material/ViewDayOutlined';
import ViewWeekIcon from '@mui/icons-material/ViewWeekOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../data/busy-actions';
import { shuffleAndTell } from '../data/shuffle';
import { openDialog } from '../dialogs/dialog-store';
import { parseTutorialStatus } from '@planner/core';
import { isFinished } from '../../api/tutorials';
import type { AgendaView } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { MonthCalendar } from './MonthCalendar';

export type HeaderMenu = { kind: 'picker' | 'view' | 'more'; anchor: HTMLElement };

export interface HeaderMenusProps {
  open: HeaderMenu;
  env: AgendaEnv;
  view: AgendaView;
  date: number;
  now: number;
  onDate: (date: number) => void;
  onView: (view: AgendaView) => void;
  onClose: () => void;
}

const VIEW_ICONS: Record<AgendaView, ReactElement> = {
  day: <ViewDayIcon fontSize="small" />,
  week: <ViewWeekIcon fontSize="small" />,
};

/** The first shuffle explains itself in a dialog (shuffleDialog); later ones act at once. */
function shuffle(tutorialStatus: string): void {
  if (isFinished(parseTutorialStatus(tutorialStatus), 'shuffleDialog')) void shuffleAndTell();
  else openDialog({ kind: 'shuffle' });
}

/** The header's date picker, view menu and overflow menu (loaded when first opened). */
export function HeaderMenus({
  open,
  env,
  view,
  date,
  now,
  onDate,
  onView,
  onClose,
}: HeaderMenusProps) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  if (open.kind === 'picker') {
    return (
      <Popover
        open
        anchorEl={open.anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <MonthCalendar
          env={env}
          selected={date}
          now={now}
          onSelect={(day) => choose(() => onDate(day))()}
        />
      </Popover>
    );
  }
  if (open.kind === 'view') {
    return (
      <ViewMenu
        anchor={open.anchor}
        view={view}
        onClose={onClose}
        onChoose={(v) => choose(() => onView(v))}
      />
    );
  }
  return <MoreMenu anchor={open.anchor} env={env} onClose={onClose} choose={choose} />;
}

/** The day and week views, the one in use selected. */
function ViewMenu(props: {
  anchor: HTMLElement;
  view: AgendaView;
  onClose: () => void;
  onChoose: (view: AgendaView) => () => void;
}) {
  const { t } = useTranslation('agenda');
  return (
    <Menu anchorEl={props.anchor} open onClose={props.onClose}>
      {(['day', 'week'] as const).map((v) => (
        <MenuItem key={v} selected={v === props.view} onClick={props.onChoose(v)}>
          <ListItemIcon>{VIEW_ICONS[v]}</ListItemIcon>
          <ListItemText>{t(`views.${v}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The overflow menu: shuffle, take a break, the keyboard shortcuts and the tips. */
function MoreMenu(props: {
  anchor: HTMLElement;
  env: AgendaEnv;
  onClose: () => void;
  choose: (action: () => void) => () => void;
}) {
  const { t } = useTranslation('agenda');
  const isShuffling = useBusy('shuffle');
  const { choose } = props;
  return (
    <Menu anchorEl={props.anchor} open onClose={props.onClose}>
      <MenuItem disabled={isShuffling} onClick={choose(() => shuffle(props.env.tutorialStatus))}>
        <ListItemIcon>
          <ShuffleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('controls.shuffle')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(() => openDialog({ kind: 'takeBreak' }))}>
        <ListItemIcon>
          <CoffeeIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('controls.takeBreak')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(() => openDialog({ kind: 'shortcuts' }))}>
        <ListItemIcon>
          <KeyboardIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('shortcuts.title')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(() => openDialog({ kind: 'tips' }))}>
        <ListItemIcon>
          <HelpIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('tips.menu')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
