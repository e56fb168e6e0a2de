import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { addLocalDays, PLANNING_CONSTANTS, startOfLocalDay, type IdleBlock } from '@planner/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FAB_CLEARANCE_PX } from '../controls/AgendaSpeedDial';
import { useServerNow } from '../data/use-server-now';
import { useAfterPaint } from '../drag/use-after-paint';
import { useFocusFollowsBlock } from '../focus/use-focus-follows-block';
import { useRefocus } from '../focus/use-refocus';
import type { AgendaItems } from '../model/agenda-block';
import { isDraggable, type BlockContext } from '../model/block-actions';
import { buildDayModel, type DayBlock } from '../model/day-model';
import type { TimelineSnapshot } from '../data/use-timeline';
import type { TimeRange, WireReminder, WireTimelineState } from '../types';
import { QuickAddMenu, ReminderMenu } from '../lazy-parts';
import type { AgendaEnv } from '../use-agenda-env';
import { DaySectionView } from './DaySectionView';
import { BlockCard, type BlockView } from './BlockCard';
import type * as DndLayerModule from './DndLayer';
import {
  anchorSelector,
  blockAnchor,
  DayMenusContext,
  liveAnchor,
  type DayMenus,
  type MenuAnchor,
} from './menu-anchor';
import { OpenBlockMenu } from './OpenBlockMenu';
import { OverdueReminders } from './OverdueReminders';

export interface DayViewProps {
  env: AgendaEnv;
  range: TimeRange;
  items: AgendaItems;
  reminders: WireReminder[];
  snapshot: TimelineSnapshot;
  /** The day the route names: scrolled into view when it changes. */
  focusDate: number;
  onExtend: (direction: 'earlier' | 'later') => void;
  /** Tutorials and the empty state: under the title of the route's day, scrolled into view. */
  top?: ReactNode;
}

/**
 * Brings the route's day into view: its current entry when it has one, else the day's start. Each
 * navigation asks again (Today pressed twice, or after scrolling away, still returns to today).
 * Help cards sit under the day's title and win over the current entry: a newcomer sees them first.
 */
function useScrollToFocus(focusDate: number, env: AgendaEnv, ready: boolean, hasHelp: boolean) {
  const { key } = useLocation();
  const done = useRef<{ request: string; hasHelp: boolean } | null>(null);
  useEffect(() => {
    const request = `${key}:${focusDate}`;
    const last = done.current;
    if (!ready || (last?.request === request && (last.hasHelp || !hasHelp))) return;
    done.current = { request, hasHelp };
    const dayStart = startOfLocalDay(focusDate, env.timeZone);
    const dayEnd = addLocalDays(dayStart, 1, env.timeZone);
    const current = document.querySelector<HTMLElement>('[data-current-entry]');
    const currentStart = Number(current?.dataset['spanStart']);
    const isCurrentThatDay = currentStart >= dayStart && currentStart < dayEnd;
    const target =
      current && isCurrentThatDay && !hasHelp
        ? current
        : document.getElementById(`agenda-day-${dayStart}`);
    target?.scrollIntoView({ block: target === current ? 'center' : 'start' });
  }, [key, focusDate, env.timeZone, ready, hasHelp]);
}

/** The day view: a timeline per day, loaded 3 more days at a time at its end (spec 4). */
export function DayView(props: DayViewProps) {
  const { env, items, snapshot } = props;
  const now = useServerNow(PLANNING_CONSTANTS.nowIndicatorRefreshMs);
  const state = snapshot.state;
  const currentBlockId = state?.currentBlock?.timeblock || undefined;
  const model = useDayModel(props, now, currentBlockId);
  const container = useRef<HTMLDivElement>(null);
  const dnd = useAfterPaint(snapshot.state !== null && items.blocks.length > 0, loadDnd);
  const menus = useMenuState(container);
  const { onOpen } = menus;
  const { context, renderBlock } = useBlockRenderer({ env, now, state, dnd, onOpen });
  const hasHelp = Boolean(props.top);
  useScrollToFocus(props.focusDate, env, snapshot.chunks.length > 0, hasHelp);
  const helpDay =
    model.days.find((d) => props.focusDate >= d.start && props.focusDate < d.end)?.start ?? null;
  useEdgeLoading(container, props.onExtend);
  useFocusFollowsBlock(container);
  const todayStart = startOfLocalDay(now, env.timeZone);
  return (
    <Box
      ref={container}
      // Blocks answer a long press once drag and drop has loaded (after the first paint).
      data-drag-ready={dnd ? '' : undefined}
      sx={{ pb: { xs: `${FAB_CLEARANCE_PX}px`, sm: 16 } }}
    >
      {helpDay === null && props.top}
      <ShowEarlier onExtend={props.onExtend} />
      <DayMenusContext.Provider value={menus.dayMenus}>
        <MaybeDnd dnd={dnd} container={container} env={env} items={items}>
          {model.days.map((day) => (
            <DaySectionView
              key={day.start}
              day={day}
              items={items}
              env={env}
              now={now}
              currentGroupId={model.currentGroupId}
              currentBlockId={currentBlockId}
              help={day.start === helpDay ? props.top : undefined}
              header={day.start === todayStart ? <OverdueReminders env={env} /> : undefined}
              renderBlock={renderBlock}
              onOpen={onOpen}
              onQuickAdd={menus.onQuickAdd}
            />
          ))}
        </MaybeDnd>
      </DayMenusContext.Provider>
      <ShowLater isLoading={snapshot.isLoading} onExtend={props.onExtend} />
      <DayViewMenus
        menus={menus}
        env={env}
        items={items}
        state={state}
        now={now}
        context={context}
      />
    </Box>
  );
}

/**
 * How each block is drawn: a card, or a draggable card once drag and drop has loaded; and what
 * its menu offers, which depends on what is going on now.
 */
function useBlockRenderer(args: {
  env: AgendaEnv;
  now: number;
  state: WireTimelineState | null;
  dnd: DndModule | null;
  onOpen: (clicked: HTMLElement, block: DayBlock) => void;
}) {
  const { env, now, state, dnd, onOpen } = args;
  const currentTaskId = state?.currentBlock?.task || undefined;
  const context = (block: DayBlock): BlockContext => ({
    now,
    isCurrentTask: block.task !== undefined && block.task === currentTaskId && block.start <= now,
    hasCurrent: Boolean(state?.currentBlock?.timeblock),
  });
  const renderBlock = (view: BlockView) =>
    dnd ? (
      <dnd.DraggableBlock
        {...view}
        env={env}
        now={now}
        onOpen={onOpen}
        canDrag={isDraggable(view.block, context(view.block))}
      />
    ) : (
      <BlockCard {...view} env={env} now={now} onOpen={onOpen} />
    );
  return { context, renderBlock };
}

/** The day view's open menu, if any: a block's, an idle stretch's quick add, or a reminder's. */
function DayViewMenus(props: {
  menus: ReturnType<typeof useMenuState>;
  env: AgendaEnv;
  items: AgendaItems;
  state: WireTimelineState | null;
  now: number;
  context: (block: DayBlock) => BlockContext;
}) {
  const { menus, now } = props;
  const { menu, quickAdd, reminderMenu } = menus;
  return (
    <>
      {menu && (
        <OpenBlockMenu
          env={props.env}
          items={props.items}
          state={props.state}
          now={now}
          anchor={menu.anchor}
          block={menu.block}
          context={props.context(menu.block)}
          onClose={menus.closeMenu}
        />
      )}
      {quickAdd && <QuickAddMenu target={quickAdd} now={now} onClose={menus.closeQuickAdd} />}
      {reminderMenu && (
        <ReminderMenu
          anchor={reminderMenu.anchor}
          reminder={reminderMenu.reminder}
          onClose={menus.closeReminder}
        />
      )}
    </>
  );
}

/** The days in the range, with their entries; the now line moves with `now`. */
function useDayModel(props: DayViewProps, now: number, currentBlockId: string | undefined) {
  const { env, items, reminders, range } = props;
  return useMemo(
    () =>
      buildDayModel({
        items,
        reminders,
        range,
        timeZone: env.timeZone,
        now,
        currentBlockId,
        debug: env.isDebug,
      }),
    [items, reminders, range, env.timeZone, env.isDebug, now, currentBlockId],
  );
}

/** The button above the first day that loads 3 days before it. */
function ShowEarlier({ onExtend }: Pick<DayViewProps, 'onExtend'>) {
  const { t } = useTranslation('agenda');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
      <Button
        size="small"
        onClick={() => onExtend('earlier')}
        color="inherit"
        sx={{ color: 'text.secondary' }}
      >
        {t('day.showEarlier')}
      </Button>
    </Box>
  );
}

/**
 * The list's end: a spinner while days load, else the button that loads 3 more. Reaching it
 * loads them too (`data-edge-sentinel`, see useEdgeLoading).
 */
function ShowLater({
  isLoading,
  onExtend,
}: { isLoading: boolean } & Pick<DayViewProps, 'onExtend'>) {
  const { t } = useTranslation('agenda');
  return (
    <Box data-edge-sentinel sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      {isLoading ? (
        <CircularProgress size={24} aria-label={t('loading')} />
      ) : (
        <Button onClick={() => onExtend('later')} color="inherit" sx={{ color: 'text.secondary' }}>
          {t('day.showLater')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The day view's menus. They live here, above the day's list, and find the element they hang from
 * when positioned: the list is drawn anew when the drag layer loads, and a menu opened before must
 * stay open and in place.
 */
function useMenuState(container: React.RefObject<HTMLDivElement | null>) {
  const [menu, setMenu] = useState<{ anchor: MenuAnchor; block: DayBlock } | null>(null);
  const [quickAdd, setQuickAdd] = useState<{ anchor: MenuAnchor; idle: IdleBlock } | null>(null);
  const [reminderMenu, setReminderMenu] = useState<{
    anchor: MenuAnchor;
    reminder: WireReminder;
  } | null>(null);
  const onOpen = useCallback(
    (clicked: HTMLElement, block: DayBlock) => {
      setMenu({ anchor: blockAnchor(container, clicked), block });
    },
    [container],
  );
  const onQuickAdd = useCallback(
    (clicked: HTMLElement, idle: IdleBlock) => {
      const selector = anchorSelector(`idle:${idle.id}`);
      setQuickAdd({ anchor: liveAnchor(container, selector, clicked), idle });
    },
    [container],
  );
  const dayMenus = useMemo<DayMenus>(
    () => ({
      openReminder: (key, clicked, reminder) =>
        setReminderMenu({ anchor: liveAnchor(container, anchorSelector(key), clicked), reminder }),
    }),
    [container],
  );
  const refocus = useRefocus([menu, quickAdd, reminderMenu]);
  return {
    menu,
    quickAdd,
    reminderMenu,
    onOpen,
    onQuickAdd,
    dayMenus,
    closeMenu: refocus.closing(menu?.anchor, () => setMenu(null)),
    closeQuickAdd: refocus.closing(quickAdd?.anchor, () => setQuickAdd(null)),
    closeReminder: refocus.closing(reminderMenu?.anchor, () => setReminderMenu(null)),
  };
}

/**
 * Reaching the end of the list loads 3 more days (spec 4: the timeline edge), except when the
 * keyboard brought it there: Tab would then never get past the list. The keyboard loads more
 * with the Show more days button at the end, and Tab goes on beyond it.
 */
function useEdgeLoading(
  container: React.RefObject<HTMLDivElement | null>,
  onExtend: DayViewProps['onExtend'],
) {
  useEffect(() => {
    const sentinel = container.current?.querySelector('[data-edge-sentinel]');
    if (!sentinel || typeof IntersectionObserver === 'undefined') return undefined;
    // Tab and the arrow keys move the page; a wheel, a finger or a pointer scrolls it.
    let isKeyboard = false;
    const byKeys = () => (isKeyboard = true);
    const byPointer = () => (isKeyboard = false);
    window.addEventListener('keydown', byKeys, true);
    for (const type of ['pointerdown', 'wheel', 'touchstart'] as const)
      window.addEventListener(type, byPointer, { capture: true, passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        if (!isKeyboard && entries.some((e) => e.isIntersecting)) onExtend('later');
      },
      { rootMargin: `${PLANNING_CONSTANTS.loadMoreTriggerPx}px` },
    );
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', byKeys, true);
      for (const type of ['pointerdown', 'wheel', 'touchstart'] as const)
        window.removeEventListener(type, byPointer, true);
    };
  }, [container, onExtend]);
}

/** The first range of the day view: from the day before `date` to 7 days after it (spec 9). */
export function dayRangeAround(date: number, timeZone: string): TimeRange {
  const { daysBefore, daysAfter } = PLANNING_CONSTANTS.defaultTimelineWindow;
  const day = startOfLocalDay(date, timeZone);
  return {
    start: addLocalDays(day, -daysBefore, timeZone),
    end: addLocalDays(day, daysAfter + 1, timeZone),
  };
}

type DndModule = typeof DndLayerModule;
const loadDnd = () => import('./DndLayer');

function MaybeDnd(props: {
  dnd: DndModule | null;
  container: React.RefObject<HTMLDivElement | null>;
  env: AgendaEnv;
  items: AgendaItems;
  children: ReactNode;
}) {
  const { dnd, children, ...layer } = props;
  if (!dnd) return <>{children}</>;
  return <dnd.DndLayer {...layer}>{children}</dnd.DndLayer>;
}
