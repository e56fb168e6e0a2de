import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import CoffeeIcon from '@mui/icons-material/CoffeeOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import TodayIcon from '@mui/icons-material/Today';
import ViewDayIcon from '@mui/icons-material/ViewDayOutlined';
import ViewWeekIcon from '@mui/icons-material/ViewWeekOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { startOfLocalDay } from '@planner/core';
import { useState, type ReactElement, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { useBusy } from '../data/busy-actions';
import { openDialog } from '../dialogs/dialog-store';
import { formatDate } from '../model/format';
import { resetTutorials } from '../tutorials/tutorial-state';
import type { AgendaView } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { MonthCalendar } from './MonthCalendar';
import { SearchBox } from './SearchBox';

export interface AgendaHeaderProps {
  env: AgendaEnv;
  view: AgendaView;
  date: number;
  now: number;
  onDate: (date: number) => void;
  onView: (view: AgendaView) => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

const VIEW_ICONS: Record<AgendaView, ReactElement> = {
  day: <ViewDayIcon fontSize="small" />,
  week: <ViewWeekIcon fontSize="small" />,
};

/** The agenda's own bar: date picker, today, view menu, search and the overflow menu. */
export function AgendaHeader(props: AgendaHeaderProps) {
  const { t } = useTranslation('agenda');
  const { env, view, date, now } = props;
  const isNarrow = useMediaQuery('(max-width: 719px)', { noSsr: true });
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  const [viewAnchor, setViewAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [isSearching, setSearching] = useState(false);
  const isShuffling = useBusy('shuffle');
  const isToday = startOfLocalDay(date, env.timeZone) === startOfLocalDay(now, env.timeZone);
  const dateText = formatDate(
    date,
    env,
    isNarrow
      ? { month: 'short', day: 'numeric' }
      : { weekday: 'short', month: 'long', day: 'numeric' },
  );

  if (isNarrow && isSearching) {
    return (
      <HeaderBar>
        <SearchBox ref={props.searchRef} autoFocus onClose={() => setSearching(false)} />
      </HeaderBar>
    );
  }
  return (
    <HeaderBar>
      <Button
        color="inherit"
        onClick={(e) => setPickerAnchor(e.currentTarget)}
        startIcon={<CalendarMonthIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-label={t('header.pickDate', {
          date: formatDate(date, env, { weekday: 'long', month: 'long', day: 'numeric' }),
        })}
        aria-haspopup="dialog"
        sx={{
          fontWeight: 700,
          fontSize: 16,
          px: 1,
          minWidth: 0,
          textTransform: 'capitalize',
          whiteSpace: 'nowrap',
        }}
      >
        {dateText}
      </Button>
      <Tooltip title={t('header.todayHint')}>
        <span>
          <Button
            variant={isToday ? 'text' : 'outlined'}
            size="small"
            onClick={() => props.onDate(now)}
            startIcon={isNarrow ? undefined : <TodayIcon fontSize="small" />}
            sx={{ minWidth: 0, px: 1.25 }}
          >
            {t('today')}
          </Button>
        </span>
      </Tooltip>
      <Box sx={{ flex: 1 }} />
      {isNarrow ? (
        <IconButton aria-label={t('search.label')} onClick={() => setSearching(true)}>
          <SearchIcon />
        </IconButton>
      ) : (
        <SearchBox ref={props.searchRef} />
      )}
      <Button
        color="inherit"
        size="small"
        onClick={(e) => setViewAnchor(e.currentTarget)}
        startIcon={VIEW_ICONS[view]}
        endIcon={<ArrowDropDownIcon />}
        aria-label={t('header.viewMenu', { view: t(`views.${view}`) })}
        aria-haspopup="menu"
        sx={{ minWidth: 0, px: 1 }}
      >
        {isNarrow ? null : t(`views.${view}`)}
      </Button>
      <IconButton
        aria-label={t('header.more')}
        aria-haspopup="menu"
        onClick={(e) => setMoreAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>

      <Popover
        open={pickerAnchor !== null}
        anchorEl={pickerAnchor}
        onClose={() => setPickerAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <MonthCalendar
          env={env}
          selected={date}
          now={now}
          onSelect={(day) => {
            setPickerAnchor(null);
            props.onDate(day);
          }}
        />
      </Popover>
      <Menu anchorEl={viewAnchor} open={viewAnchor !== null} onClose={() => setViewAnchor(null)}>
        {(['day', 'week'] as const).map((v) => (
          <MenuItem
            key={v}
            selected={v === view}
            onClick={() => {
              setViewAnchor(null);
              props.onView(v);
            }}
          >
            <ListItemIcon>{VIEW_ICONS[v]}</ListItemIcon>
            <ListItemText>{t(`views.${v}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={moreAnchor} open={moreAnchor !== null} onClose={() => setMoreAnchor(null)}>
        <MenuItem
          disabled={isShuffling}
          onClick={() => {
            setMoreAnchor(null);
            void fire(agendaActions.shuffle());
          }}
        >
          <ListItemIcon>
            <ShuffleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('controls.shuffle')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            openDialog({ kind: 'takeBreak' });
          }}
        >
          <ListItemIcon>
            <CoffeeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('controls.takeBreak')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            openDialog({ kind: 'shortcuts' });
          }}
        >
          <ListItemIcon>
            <KeyboardIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shortcuts.title')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMoreAnchor(null);
            void fire(resetTutorials());
          }}
        >
          <ListItemIcon>
            <HelpIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('tutorials.reset')}</ListItemText>
        </MenuItem>
      </Menu>
    </HeaderBar>
  );
}

function HeaderBar({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      component="nav"
      aria-label={t('header.label')}
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 5,
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0.5, sm: 1 },
        px: { xs: 1, sm: 2 },
        height: 56,
        bgcolor: 'rgba(245, 246, 250, 0.92)',
        backdropFilter: 'saturate(180%) blur(10px)',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
