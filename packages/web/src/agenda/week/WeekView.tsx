import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { addLocalDays, HOUR_MS, PLANNING_CONSTANTS } from '@planner/core';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { FAB_CLEARANCE_PX } from '../controls/AgendaSpeedDial';
import { useServerNow } from '../data/use-server-now';
import { blockAnchor, type MenuAnchor } from '../day/menu-anchor';
import { OpenBlockMenu } from '../day/OpenBlockMenu';
import { useAfterPaint } from '../drag/use-after-paint';
import { useFocusFollowsBlock } from '../focus/use-focus-follows-block';
import { useRefocus } from '../focus/use-refocus';
import type { AgendaItems } from '../model/agenda-block';
import type { BlockContext } from '../model/block-actions';
import type { DayBlock } from '../model/day-model';
import { formatDate } from '../model/format';
import { buildWeekModel } from '../model/week-model';
import type { WireReminder, WireTimelineState } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { WeekBlock, type WeekBlockComponent, type WeekBlockProps } from './WeekBlock';
import type * as WeekDndModule from './WeekDnd';
import { ACTIVE_WEEK, HOUR_PX, WeekGrid } from './WeekGrid';

type DndModule = typeof WeekDndModule;
const loadDnd = () => import('./WeekDnd');

/** The week in view draws draggable blocks once drag and drop loaded (after the first paint). */
function useBlockComponent(dnd: DndModule | null, currentTaskId: string | undefined) {
  return useMemo<WeekBlockComponent>(() => {
    if (!dnd) return WeekBlock;
    const Draggable = dnd.DraggableWeekBlock;
    return function DraggableBlock(props: WeekBlockProps) {
      return <Draggable {...props} currentTaskId={currentTaskId} />;
    };
  }, [dnd, currentTaskId]);
}

function MaybeDnd(props: {
  dnd: DndModule | null;
  container: RefObject<HTMLDivElement | null>;
  env: AgendaEnv;
  items: AgendaItems;
  children: ReactNode;
}) {
  const { dnd, children, ...layer } = props;
  if (!dnd) return <>{children}</>;
  return <dnd.WeekDndLayer {...layer}>{children}</dnd.WeekDndLayer>;
}

export interface WeekViewProps {
  env: AgendaEnv;
  weekStart: number;
  items: AgendaItems;
  reminders: WireReminder[];
  state: WireTimelineState | null;
  onWeek: (weekStart: number) => void;
}

/** The previous, current and next week's starts, and each one's model. */
function useWeekModels(props: WeekViewProps, now: number, currentBlockId: string | undefined) {
  const { env, weekStart, items, reminders } = props;
  const weeks = useMemo(
    () => [-7, 0, 7].map((days) => addLocalDays(weekStart, days, env.timeZone)),
    [weekStart, env.timeZone],
  );
  const models = useMemo(
    () =>
      weeks.map((start) =>
        buildWeekModel({
          items,
          reminders,
          weekStart: start,
          timeZone: env.timeZone,
          now,
          currentBlockId,
        }),
      ),
    // The now line moves on its own; blocks are rebuilt when the data or the week changes.
    [weeks, items, reminders, env.timeZone, currentBlockId],
  );
  return { weeks, models };
}

/**
 * The carousel's scrolling: the middle week in view whenever the week changes, the hours at the
 * morning on opening, and a swipe that settles on a side week makes it the week in view.
 */
function useWeekScroller(
  scroller: RefObject<HTMLDivElement | null>,
  { weekStart, onWeek }: Pick<WeekViewProps, 'weekStart' | 'onWeek'>,
  weeks: number[],
  firstDayStart: number,
  now: number,
) {
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.clientWidth;
  }, [weekStart]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Opens at the morning, or at now when that is later in the day.
    const hour = Math.max(7, Math.min(20, ((now - firstDayStart) % (24 * HOUR_MS)) / HOUR_MS - 2));
    el.scrollTop = hour * HOUR_PX;
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const page = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
        if (page === 0) onWeek(weeks[0] ?? weekStart);
        if (page === 2) onWeek(weeks[2] ?? weekStart);
      }, 150);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener('scroll', onScroll);
    };
  }, [onWeek, weeks, weekStart]);
}

/**
 * The arrows step from the week asked last, not the one drawn: a navigation renders in a
 * transition, and a second click before it was drawn stepped from the old week again (two clicks
 * on Next moved one week).
 */
function useWeekSteps(
  weekStart: number,
  timeZone: string,
  onWeek: (week: number) => void,
): (days: number) => void {
  const asked = useRef(weekStart);
  useEffect(() => {
    asked.current = weekStart;
  }, [weekStart]);
  return (days) => {
    asked.current = addLocalDays(asked.current, days, timeZone);
    onWeek(asked.current);
  };
}

/** Week view: a carousel of the previous, current and next week (swipe or the arrows). */
export function WeekView(props: WeekViewProps) {
  const { env, weekStart, items, state, onWeek } = props;
  const now = useServerNow(PLANNING_CONSTANTS.nowIndicatorRefreshMs);
  const scroller = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ anchor: MenuAnchor; block: DayBlock } | null>(null);
  // Stable, so the memoised day columns do not re-render when the now line moves. The menu hangs
  // from the block's twin, and gives it the focus back, should a re-plan draw the block anew.
  const openMenu = useCallback(
    (clicked: HTMLElement, block: DayBlock) =>
      setMenu({ anchor: blockAnchor(scroller, clicked, ACTIVE_WEEK), block }),
    [],
  );
  const refocus = useRefocus([menu]);
  const currentBlockId = state?.currentBlock?.timeblock || undefined;
  const dnd = useAfterPaint(state !== null && items.blocks.length > 0, loadDnd);
  const DraggableBlock = useBlockComponent(dnd, state?.currentBlock?.task || undefined);
  const { weeks, models } = useWeekModels(props, now, currentBlockId);
  const step = useWeekSteps(weekStart, env.timeZone, onWeek);
  useWeekScroller(scroller, props, weeks, models[1]?.columns[0]?.start ?? now, now);
  // The focus follows a block the plan drew anew, to its twin in the week in view: the weeks
  // beside it are out of the Tab order.
  useFocusFollowsBlock(scroller, ACTIVE_WEEK);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <WeekTitleBar
        env={env}
        weekStart={weekStart}
        onPrevious={() => step(-7)}
        onNext={() => step(7)}
      />
      <WeekScroller scroller={scroller} isDragReady={dnd !== null}>
        <MaybeDnd dnd={dnd} container={scroller} env={env} items={items}>
          {models.map((model, index) => (
            <WeekPage key={weeks[index]}>
              <WeekGrid
                model={model}
                items={items}
                env={env}
                now={now}
                currentBlockId={currentBlockId}
                onOpen={openMenu}
                isActive={index === 1}
                Block={index === 1 ? DraggableBlock : WeekBlock}
              />
            </WeekPage>
          ))}
        </MaybeDnd>
      </WeekScroller>
      {menu && (
        <OpenBlockMenu
          env={env}
          items={items}
          state={state}
          now={now}
          anchor={menu.anchor}
          block={menu.block}
          context={weekBlockContext(menu.block, state, now)}
          onClose={refocus.closing(menu.anchor, () => setMenu(null))}
        />
      )}
    </Box>
  );
}

/** What the block's menu offers depends on what is going on now. */
function weekBlockContext(
  block: DayBlock,
  state: WireTimelineState | null,
  now: number,
): BlockContext {
  return {
    now,
    isCurrentTask:
      block.task !== undefined && block.task === state?.currentBlock?.task && block.start <= now,
    hasCurrent: Boolean(state?.currentBlock?.timeblock || undefined),
  };
}

/** The carousel: the weeks side by side, one screen wide each, snapping to a week. */
function WeekScroller(props: {
  scroller: RefObject<HTMLDivElement | null>;
  isDragReady: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      ref={props.scroller}
      data-testid="week-scroller"
      // Blocks answer a long press once drag and drop has loaded (after the first paint).
      data-drag-ready={props.isDragReady ? '' : undefined}
      sx={{
        display: 'flex',
        overflow: 'auto',
        scrollSnapType: 'x mandatory',
        height: {
          xs: 'calc(100dvh - 56px - 56px - 48px)',
          sm: 'calc(100dvh - 64px - 56px - 48px)',
        },
        scrollbarWidth: 'thin',
        overscrollBehaviorX: 'contain',
        willChange: 'scroll-position',
      }}
    >
      {props.children}
    </Box>
  );
}

/** The week's dates between the arrows to the previous and the next week. */
function WeekTitleBar(props: {
  env: AgendaEnv;
  weekStart: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('agenda');
  const { env, weekStart } = props;
  const lastDay = addLocalDays(weekStart, 6, env.timeZone);
  const title = `${formatDate(weekStart, env, { month: 'short', day: 'numeric' })} – ${formatDate(lastDay, env, { month: 'short', day: 'numeric', year: 'numeric' })}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, py: 0.5 }}>
      <IconButton aria-label={t('week.previous')} onClick={props.onPrevious}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography
        component="h2"
        sx={{ fontWeight: 700, flex: 1, textAlign: 'center' }}
        aria-live="polite"
      >
        {title}
      </Typography>
      <IconButton aria-label={t('week.next')} onClick={props.onNext}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}

/** One week of the carousel, a screen wide. */
function WeekPage({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        flex: '0 0 100%',
        minWidth: 0,
        scrollSnapAlign: 'start',
        px: { xs: 0.5, sm: 1 },
      }}
    >
      {children}
      {/* A spacer, not padding: each page is stretched to the scroller's height, so its
          end padding lies within the first screen and the grid overflows past it; the
          spacer comes after the grid, and the last hours scroll above the control bar. */}
      <Box aria-hidden sx={{ height: { xs: FAB_CLEARANCE_PX, sm: 96 } }} />
    </Box>
  );
}
