import CoffeeIcon from '@mui/icons-material/CoffeeOutlined';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { PLANNING_CONSTANTS } from '@planner/core';
import { useEffect, useRef, type ReactNode, type RefObject, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowKey } from '../../components/use-window-key';
import { openDialog } from '../dialogs/dialog-store';
import {
  AutoExtendToggle,
  PlaybackButtons,
  useCurrentTexts,
  type ControlsProps,
} from './ControlBar';

type CurrentTexts = ReturnType<typeof useCurrentTexts>;

/** A swipe counts past 8 px and 20 % of the screen (spec 9). */
export function isSwipeDown(startY: number, endY: number, height: number): boolean {
  const { px, widthRatio } = PLANNING_CONSTANTS.swipeThreshold;
  const moved = endY - startY;
  return moved > px && moved > height * widthRatio;
}

/**
 * Leaving focus mode: Escape anywhere, or a swipe down on the view. The exit button takes the
 * focus on opening.
 */
function useFocusExit(onFocusMode: ControlsProps['onFocusMode']) {
  const touchStart = useRef<number | null>(null);
  const exit = useRef<HTMLButtonElement>(null);
  useEffect(() => exit.current?.focus(), []);
  useWindowKey((e) => {
    if (e.key === 'Escape') onFocusMode(false);
  });
  const swipe = {
    onTouchStart: (e: TouchEvent<HTMLElement>) =>
      (touchStart.current = e.touches[0]?.clientY ?? null),
    onTouchEnd: (e: TouchEvent<HTMLElement>) => {
      const end = e.changedTouches[0]?.clientY;
      if (
        touchStart.current !== null &&
        end !== undefined &&
        isSwipeDown(touchStart.current, end, window.innerHeight)
      )
        onFocusMode(false);
      touchStart.current = null;
    },
  };
  return { exit, swipe };
}

/** Focus mode: the current item full screen; swipe down, Escape or the button leave it. */
export function FocusView({
  env,
  state,
  current,
  onFocusMode,
  tutorial,
}: ControlsProps & { tutorial?: ReactNode }) {
  const { t } = useTranslation('agenda');
  const texts = useCurrentTexts(current, env);
  const { exit, swipe } = useFocusExit(onFocusMode);
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-label={t('controls.focusMode')}
      data-testid="focus-view"
      {...swipe}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1250,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 3,
        py: 2,
        backgroundColor: '#f5f6fa',
        backgroundImage: `radial-gradient(circle at 50% 30%, ${alpha(texts.color, 0.18)}, #f5f6fa 70%)`,
      }}
    >
      <FocusTopBar exit={exit} onLeave={() => onFocusMode(false)} />
      {tutorial}
      <FocusCurrent texts={texts} state={state} />
      <Typography variant="caption" color="text.secondary">
        {t('controls.swipeHint')}
      </Typography>
    </Box>
  );
}

/** The current item in the middle: its progress, its title, and what can be done now. */
function FocusCurrent({ texts, state }: { texts: CurrentTexts; state: ControlsProps['state'] }) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        textAlign: 'center',
        maxWidth: 560,
      }}
    >
      <FocusProgressRing texts={texts} />
      <Typography
        variant="h4"
        component="h2"
        data-testid="focus-title"
        sx={{ wordBreak: 'break-word' }}
      >
        {texts.title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <AutoExtendToggle state={state} />
        <PlaybackButtons state={state} size="large" />
      </Box>
      <Button startIcon={<CoffeeIcon />} onClick={() => openDialog({ kind: 'takeBreak' })}>
        {t('controls.takeBreak')}
      </Button>
    </Box>
  );
}

/** The view's name and the button that leaves it. */
function FocusTopBar({
  exit,
  onLeave,
}: {
  exit: RefObject<HTMLButtonElement | null>;
  onLeave: () => void;
}) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      sx={{
        width: '100%',
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
      }}
    >
      <Typography variant="overline" color="text.secondary">
        {t('controls.focusMode')}
      </Typography>
      <IconButton ref={exit} aria-label={t('controls.leaveFocus')} onClick={onLeave}>
        <FullscreenExitIcon />
      </IconButton>
    </Box>
  );
}

/** The ring of the current item's progress, with the time left and its end inside. */
function FocusProgressRing({ texts }: { texts: CurrentTexts }) {
  const { t } = useTranslation('agenda');
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={220}
        thickness={2.5}
        aria-hidden
        sx={{ color: alpha(texts.color, 0.15) }}
      />
      <CircularProgress
        variant="determinate"
        value={texts.progress * 100}
        size={220}
        thickness={2.5}
        aria-label={t('block.progress')}
        sx={{
          color: texts.color,
          position: 'absolute',
          left: 0,
          '& circle': { strokeLinecap: 'round' },
        }}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Typography
          variant="h5"
          component="p"
          sx={{
            fontVariantNumeric: 'tabular-nums',
            maxWidth: 170,
            textAlign: 'center',
            lineHeight: 1.2,
          }}
        >
          {texts.left || '—'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {texts.until}
        </Typography>
      </Box>
    </Box>
  );
}
