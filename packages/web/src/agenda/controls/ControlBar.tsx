import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import PauseIcon from '@mui/icons-material/PauseRounded';
import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import SkipNextIcon from '@mui/icons-material/SkipNextRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useScrollClearance } from '../../components/use-scroll-clearance';
import { visuallyHidden } from '../../components/visually-hidden';
import { PLANNING_CONSTANTS } from '@planner/core';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { useBusy } from '../data/busy-actions';
import { useServerNow } from '../data/use-server-now';
import { formatDayAndTime, formatDuration, formatTime, isSameLocalDay } from '../model/format';
import { paletteHex, REST_COLOR } from '../model/palette';
import type { WireTimelineState } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import type { CurrentItem } from './current-item';
import { showsPlay } from './current-item';
import { nextPlanned, type Ahead } from './next-planned';
import { useDueReminderToasts } from './use-due-reminders';
import { useLoadedChunks } from './use-loaded-chunks';
import { BAR_BOTTOM, PHONE_FAB_PX } from './AgendaSpeedDial';

export interface ControlsProps {
  env: AgendaEnv;
  state: WireTimelineState | null;
  current: CurrentItem;
  onFocusMode: (on: boolean) => void;
}

export function useCurrentTexts(current: CurrentItem, env: AgendaEnv) {
  const { t } = useTranslation('agenda');
  const now = useServerNow(PLANNING_CONSTANTS.progressCheckMs);
  const title =
    current.kind === 'rest'
      ? t('controls.onBreak')
      : current.kind === 'paused'
        ? t('controls.paused')
        : current.kind === 'idle'
          ? t('controls.nothingNow')
          : current.title || t('untitled');
  const hasTimes = current.end > current.start;
  const left = hasTimes
    ? t('block.left', { duration: formatDuration(Math.max(0, current.end - now), env.tag) })
    : '';
  const until = hasTimes ? t('controls.until', { time: formatTime(current.end, env) }) : '';
  const progress = hasTimes
    ? Math.min(1, Math.max(0, (now - current.start) / (current.end - current.start)))
    : 0;
  const color = current.kind === 'rest' ? REST_COLOR : paletteHex(current.color);
  const chunks = useLoadedChunks();
  // The words under the title name the button beside them: play only when play is offered.
  const detail =
    [left, until].filter(Boolean).join(' · ') ||
    (current.kind === 'paused'
      ? t('controls.hint')
      : aheadText(nextPlanned(chunks, now), now, env, t));
  return { title, left, until, detail, progress, color };
}

/**
 * What comes next when nothing runs (after Play, between blocks): the next task or event, or,
 * when the plan holds nothing ahead, the invitation to add a task; nothing while it is unknown.
 */
function aheadText(ahead: Ahead, now: number, env: AgendaEnv, t: TFunction<'agenda'>): string {
  switch (ahead.kind) {
    case 'item': {
      const title = ahead.title || t('untitled');
      return isSameLocalDay(ahead.start, now, env.timeZone)
        ? t('controls.nextAt', { title, time: formatTime(ahead.start, env) })
        : t('controls.nextOn', { title, date: formatDayAndTime(ahead.start, env) });
    }
    case 'nothing':
      return t('controls.idleHint');
    case 'unknown':
      return '';
  }
}

/**
 * Next and play/pause; shared by the bar and the focus view. Each waits for its request: busy,
 * a button says so (aria-disabled) and ignores presses but keeps the focus, which a disabled
 * button would drop to the page's start.
 */
export function PlaybackButtons({
  state,
  size,
}: {
  state: WireTimelineState | null;
  size: 'medium' | 'large';
}) {
  const { t } = useTranslation('agenda');
  const isNextBusy = useBusy('next');
  const isPauseBusy = useBusy('pause');
  const play = showsPlay(state);
  const big = size === 'large';
  return (
    <>
      <span title={`${t(play ? 'controls.play' : 'controls.pause')} (P)`}>
        <IconButton
          aria-label={t(play ? 'controls.play' : 'controls.pause')}
          disabled={!state}
          aria-disabled={isPauseBusy || undefined}
          onClick={() => {
            if (!isPauseBusy) void fire(agendaActions.pause());
          }}
          sx={{
            bgcolor: 'primary.main',
            color: '#fff',
            width: big ? 72 : 44,
            height: big ? 72 : 44,
            '&:hover': { bgcolor: 'primary.dark' },
            '&.Mui-disabled, &[aria-disabled="true"]': {
              bgcolor: alpha('#4a55e0', 0.4),
              color: '#fff',
            },
          }}
        >
          {play ? (
            <PlayArrowIcon fontSize={big ? 'large' : 'medium'} />
          ) : (
            <PauseIcon fontSize={big ? 'large' : 'medium'} />
          )}
        </IconButton>
      </span>
      <span title={`${t('controls.next')} (X)`}>
        <IconButton
          aria-label={t('controls.next')}
          disabled={!state}
          aria-disabled={isNextBusy || undefined}
          onClick={() => {
            if (!isNextBusy) void fire(agendaActions.next());
          }}
          sx={{ width: big ? 56 : 44, height: big ? 56 : 44 }}
        >
          <SkipNextIcon fontSize={big ? 'large' : 'medium'} />
        </IconButton>
      </span>
    </>
  );
}

/** Auto-extend on or off, with the hint that explains the choice for 3.8 s (spec 2). */
export function AutoExtendToggle({ state }: { state: WireTimelineState | null }) {
  const { t } = useTranslation('agenda');
  const isBusy = useBusy('autoExtend');
  const anchor = useRef<HTMLButtonElement>(null);
  const [hint, setHint] = useState<boolean | null>(null);
  useEffect(() => {
    if (hint === null) return undefined;
    const timer = setTimeout(() => setHint(null), PLANNING_CONSTANTS.autoExtendHintMs);
    return () => clearTimeout(timer);
  }, [hint]);
  const isOn = state?.autoExtend ?? false;
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton
        ref={anchor}
        aria-label={t('controls.autoExtend')}
        aria-pressed={isOn}
        disabled={isBusy || !state}
        onClick={async () => {
          const answer = await fire(agendaActions.setAutoExtend(!isOn));
          if (answer) setHint(answer.autoExtend);
        }}
        sx={{
          color: isOn ? 'primary.main' : 'text.secondary',
          bgcolor: isOn ? alpha('#4a55e0', 0.1) : 'transparent',
        }}
      >
        <AllInclusiveIcon />
      </IconButton>
      {hint !== null && (
        <Paper
          role="status"
          elevation={6}
          sx={{
            position: 'absolute',
            bottom: 'calc(100% + 12px)',
            left: '50%',
            transform: 'translateX(-50%)',
            px: 1.5,
            py: 1,
            width: 260,
            bgcolor: '#23283a',
            color: '#fff',
            borderRadius: 2,
            zIndex: 10,
          }}
        >
          <Typography variant="body2">
            {t(hint ? 'controls.autoExtendOn' : 'controls.autoExtendOff')}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}

/**
 * Says the new current item to a screen reader (a polite live region) when it changes: after
 * Next, at a block's end, on a pause. Empty at first, so opening the agenda announces nothing.
 */
function CurrentAnnouncer({ title }: { title: string }) {
  const { t } = useTranslation('agenda');
  const [message, setMessage] = useState('');
  const previous = useRef(title);
  useEffect(() => {
    if (previous.current === title) return;
    previous.current = title;
    setMessage(t('controls.nowAnnounce', { title }));
  }, [title, t]);
  return (
    <Box role="status" aria-live="polite" data-testid="current-announcer" sx={visuallyHidden}>
      {message}
    </Box>
  );
}

/** On a phone the title may take two lines; a wide screen's row has room for one. */
const TITLE_SX = {
  fontWeight: 650,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
  display: { xs: '-webkit-box', sm: 'block' },
  WebkitLineClamp: { xs: 2 },
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  textOverflow: 'ellipsis',
} as const;

/**
 * The compact control bar at the bottom of the agenda. On a wide screen one row, with the add
 * button beside the bar; on a phone the title and words over the buttons, and the add button at
 * the lower row's right end, so neither the title is cut short nor the button floats over blocks.
 */
export function ControlBar({ env, state, current, onFocusMode }: ControlsProps) {
  const { t } = useTranslation('agenda');
  const texts = useCurrentTexts(current, env);
  useDueReminderToasts(useLoadedChunks(), t('untitled'));
  const bar = useRef<HTMLElement>(null);
  useScrollClearance(bar, 'bottom');
  return (
    <Paper
      ref={bar}
      component="section"
      aria-label={t('controls.label')}
      elevation={8}
      data-testid="control-bar"
      sx={{
        position: 'sticky',
        bottom: BAR_BOTTOM,
        mx: 'auto',
        mt: 'auto',
        // First in the focus order after the skip link (the agenda's DOM puts it before the
        // list, which never ends), last on screen.
        order: 1,
        width: { xs: 'calc(100% - 16px)', sm: 'min(720px, calc(100% - 184px))' },
        borderRadius: 4,
        zIndex: 6,
      }}
    >
      <CurrentAnnouncer title={texts.title} />
      <BarProgress color={texts.color} progress={texts.progress} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          alignItems: 'center',
          columnGap: { xs: 0.5, sm: 1 },
          rowGap: 0.5,
          px: { xs: 1, sm: 1.5 },
          py: 1,
        }}
      >
        <CurrentSummary color={texts.color} title={texts.title} detail={texts.detail} />
        <BarButtons state={state} onFocusMode={onFocusMode} />
      </Box>
    </Paper>
  );
}

/** The thin line along the bar's top: how far the current item has come (no transition: see CurrentProgress). */
function BarProgress({ color, progress }: { color: string; progress: number }) {
  return (
    <Box
      sx={{
        height: 3,
        mx: 2,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: alpha(color, 0.18),
      }}
    >
      <Box
        sx={{
          height: 3,
          width: `${progress * 100}%`,
          bgcolor: color,
        }}
      />
    </Box>
  );
}

/** The current item's colour dot, its title and the words under it (time left, or a hint). */
function CurrentSummary({
  color,
  title,
  detail,
}: {
  color: string;
  title: string;
  detail: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flex: { xs: '1 0 100%', sm: 1 },
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: color,
          flexShrink: 0,
          ml: 0.5,
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={TITLE_SX} data-testid="current-title">
          {title}
        </Typography>
        <Typography noWrap variant="caption" color="text.secondary" component="p">
          {detail}
        </Typography>
      </Box>
    </Box>
  );
}

/** On a phone the lower row: left-aligned, its right end free for the add button. */
function BarButtons({ state, onFocusMode }: Pick<ControlsProps, 'state' | 'onFocusMode'>) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 1 },
        minHeight: { xs: PHONE_FAB_PX },
      }}
    >
      <AutoExtendToggle state={state} />
      <PlaybackButtons state={state} size="medium" />
      <IconButton
        aria-label={t('controls.focusMode')}
        aria-pressed={false}
        onClick={() => onFocusMode(true)}
      >
        <FullscreenIcon />
      </IconButton>
    </Box>
  );
}
