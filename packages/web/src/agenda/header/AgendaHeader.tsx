import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import TodayIcon from '@mui/icons-material/Today';
import ViewDayIcon from '@mui/icons-material/ViewDayOutlined';
import ViewWeekIcon from '@mui/icons-material/ViewWeekOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { startOfLocalDay } from '@planner/core';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useScrollClearance } from '../../components/use-scroll-clearance';
import { useTranslation } from 'react-i18next';
import { HeaderMenus } from '../lazy-parts';
import { capitalizeFirst, formatDate } from '../model/format';
import type { AgendaView } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import type { HeaderMenu } from './HeaderMenus';
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

/** The agenda's own bar: date picker, today, view menu, search and the overflow menu. */
export function AgendaHeader(props: AgendaHeaderProps) {
  const { t } = useTranslation('agenda');
  const { env, view, date, now } = props;
  const isNarrow = useMediaQuery('(max-width: 719px)', { noSsr: true });
  const [open, setOpen] = useState<HeaderMenu | null>(null);
  const [isSearching, setSearching] = useState(false);
  const opener = (kind: HeaderMenu['kind']) => (e: { currentTarget: HTMLElement }) =>
    setOpen({ kind, anchor: e.currentTarget });

  if (isNarrow && isSearching) {
    return (
      <HeaderBar>
        <SearchBox ref={props.searchRef} autoFocus onClose={() => setSearching(false)} />
      </HeaderBar>
    );
  }
  return (
    <HeaderBar>
      <DatePickerButton env={env} date={date} isNarrow={isNarrow} onClick={opener('picker')} />
      <TodayButton
        isToday={startOfLocalDay(date, env.timeZone) === startOfLocalDay(now, env.timeZone)}
        isNarrow={isNarrow}
        onClick={() => props.onDate(now)}
      />
      <Box sx={{ flex: 1 }} />
      {isNarrow ? (
        <IconButton aria-label={t('search.label')} onClick={() => setSearching(true)}>
          <SearchIcon />
        </IconButton>
      ) : (
        <SearchBox ref={props.searchRef} />
      )}
      <ViewMenuButton view={view} isNarrow={isNarrow} onClick={opener('view')} />
      <IconButton aria-label={t('header.more')} aria-haspopup="menu" onClick={opener('more')}>
        <MoreVertIcon />
      </IconButton>
      {open && (
        <HeaderMenus
          open={open}
          env={env}
          view={view}
          date={date}
          now={now}
          onDate={props.onDate}
          onView={props.onView}
          onClose={() => setOpen(null)}
        />
      )}
    </HeaderBar>
  );
}

type Opens = (e: { currentTarget: HTMLElement }) => void;

/** The date in view (shorter on a phone); opens the month picker. */
function DatePickerButton(props: {
  env: AgendaEnv;
  date: number;
  isNarrow: boolean;
  onClick: Opens;
}) {
  const { t } = useTranslation('agenda');
  const { env, date } = props;
  const longDate = formatDate(date, env, { weekday: 'long', month: 'long', day: 'numeric' });
  const dateText = capitalizeFirst(
    formatDate(
      date,
      env,
      props.isNarrow
        ? { month: 'short', day: 'numeric' }
        : { weekday: 'short', month: 'long', day: 'numeric' },
    ),
    env.tag,
  );
  return (
    <Button
      color="inherit"
      onClick={props.onClick}
      startIcon={<CalendarMonthIcon />}
      endIcon={<ArrowDropDownIcon />}
      aria-label={t('header.pickDate', { date: longDate })}
      aria-haspopup="dialog"
      sx={{
        fontWeight: 700,
        fontSize: 16,
        px: 1,
        minWidth: 0,
        whiteSpace: 'nowrap',
      }}
    >
      {dateText}
    </Button>
  );
}

/** Back to today; outlined while another day is in view. */
function TodayButton(props: { isToday: boolean; isNarrow: boolean; onClick: () => void }) {
  const { t } = useTranslation('agenda');
  return (
    <Button
      variant={props.isToday ? 'text' : 'outlined'}
      size="small"
      title={t('header.todayHint')}
      onClick={props.onClick}
      startIcon={props.isNarrow ? undefined : <TodayIcon fontSize="small" />}
      sx={{ minWidth: 0, px: 1.25 }}
    >
      {t('today')}
    </Button>
  );
}

/** The view in use (only its icon on a phone); opens the menu of views. */
function ViewMenuButton(props: { view: AgendaView; isNarrow: boolean; onClick: Opens }) {
  const { t } = useTranslation('agenda');
  const { view } = props;
  return (
    <Button
      color="inherit"
      size="small"
      onClick={props.onClick}
      startIcon={
        view === 'day' ? <ViewDayIcon fontSize="small" /> : <ViewWeekIcon fontSize="small" />
      }
      endIcon={<ArrowDropDownIcon />}
      aria-label={t('header.viewMenu', { view: t(`views.${view}`) })}
      aria-haspopup="menu"
      sx={{ minWidth: 0, px: 1 }}
    >
      {props.isNarrow ? null : t(`views.${view}`)}
    </Button>
  );
}

function HeaderBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('agenda');
  const bar = useRef<HTMLElement>(null);
  useScrollClearance(bar, 'top');
  return (
    <Box
      ref={bar}
      data-floating-bar
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
        // Opaque, so the days scrolling under it never show through.
        bgcolor: 'background.default',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
