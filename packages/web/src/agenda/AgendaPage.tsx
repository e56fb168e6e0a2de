import Box from '@mui/material/Box';
import { parseTutorialStatus, startOfLocalDay } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { categoriesQueryKey } from '../categories/categories-api';
import { PlanChangesSlot } from './changes/PlanChangesSlot';
import { AgendaSpeedDial } from './controls/AgendaSpeedDial';
import { ControlBar, type ControlsProps } from './controls/ControlBar';
import type { CurrentItem } from './controls/current-item';
import { useCurrentItem } from './controls/use-current-item';
import { readSavedView, saveFocusMode, saveView, useFocusMode } from './data/agenda-prefs';
import { useProgressCheck } from './data/progress-check';
import { containersIn, remindersIn } from './data/timeline-queries';
import { useTimeline, type TimelineSnapshot } from './data/use-timeline';
import { useServerNow } from './data/use-server-now';
import { DayView, type DayViewProps } from './day/DayView';
import { AgendaHeader } from './header/AgendaHeader';
import {
  DialogHost,
  FocusView,
  TutorialSlot,
  UnconfirmedTasksDialog,
  WeekView,
} from './lazy-parts';
import { agendaItems, type AgendaItems } from './model/agenda-block';
import { useOpenDialog } from './dialogs/dialog-store';
import { agendaRoute } from './routes';
import { useAgendaShortcuts } from './use-agenda-shortcuts';
import { EmptyAgenda } from './tutorials/EmptyAgenda';
import { useHasTasks } from './tutorials/use-has-tasks';
import { isFinished, type TutorialName } from '../api/tutorials';
import { tutorialToShow } from './tutorials/tutorial-state';
import type { AgendaView, TimeRange } from './types';
import { useAgendaEnv, type AgendaEnv } from './use-agenda-env';
import { useAgendaRange } from './use-agenda-range';
import type { WeekViewProps } from './week/WeekView';

const DATE_PATTERN = /^\d{1,15}$/u;

/** Spec 2: /agenda/{view?}/{currentDate?}; anything else redirects to /agenda. */
function readRoute(view: string | undefined, currentDate: string | undefined) {
  if (view !== undefined && view !== 'day' && view !== 'week') return null;
  if (currentDate !== undefined && !DATE_PATTERN.test(currentDate)) return null;
  return {
    view: (view ?? readSavedView()) satisfies AgendaView,
    date: currentDate === undefined ? null : Number(currentDate),
  };
}

/** The agenda: day or week view of the plan, with its controls, dialogs and tutorials. */
export default function AgendaPage() {
  const params = useParams();
  const route = readRoute(params['view'], params['currentDate']);
  if (!route) return <Navigate to="/agenda" replace />;
  return <Agenda view={route.view} routeDate={route.date} />;
}

/** Spec 2: ?add=true opens the creation dial, then the route is plain /agenda. */
function useDialFromRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isDialOpen, setDialOpen] = useState(false);
  useEffect(() => {
    if (searchParams.get('add') !== 'true') return;
    setDialOpen(true);
    navigate('/agenda', { replace: true });
  }, [searchParams, navigate]);
  return [isDialOpen, setDialOpen] as const;
}

/** The creation dial, opened by its button or by the route. */
function AddDial() {
  const [isOpen, setOpen] = useDialFromRoute();
  return <AgendaSpeedDial open={isOpen} onOpenChange={setOpen} />;
}

/** Spec 2: leaving and returning to the agenda refreshes categories. */
function useRefreshCategories() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: categoriesQueryKey });
  }, [client]);
}

/** The tutorial to show, and what goes above the plan: its card, or the empty agenda's help. */
function useAgendaHelp(
  env: AgendaEnv,
  snapshot: TimelineSnapshot,
  items: AgendaItems,
  current: CurrentItem,
) {
  const isFocusMode = useFocusMode();
  const hasTasks = useHasTasks(items);
  const isEmpty = snapshot.state !== null && !snapshot.isLoading && items.blocks.length === 0;
  const status = parseTutorialStatus(env.tutorialStatus);
  const tutorial = snapshot.state
    ? tutorialToShow({ status, hasTasks, hasCurrentTask: current.kind === 'task', isFocusMode })
    : null;
  const hasCard = tutorial !== null && tutorial !== 'focusView';
  const showsEmpty = isEmpty && !isFinished(status, 'emptyAgenda');
  const top =
    hasCard || showsEmpty ? (
      <>
        {hasCard && <TutorialSlot name={tutorial} state={snapshot.state} />}
        {showsEmpty && <EmptyAgenda />}
      </>
    ) : null;
  return { isFocusMode, tutorial, top };
}

function Agenda({ view, routeDate }: { view: AgendaView; routeDate: number | null }) {
  useTranslation('agenda');
  const env = useAgendaEnv();
  const now = useServerNow(60_000);
  const date = routeDate ?? now;
  useRefreshCategories();
  const { dayRange, weekStart, range, onExtend } = useAgendaRange(view, date, env);
  const { snapshot, items, reminders } = useAgendaData(range, env);
  const { goTo, onView, setFocus, searchRef } = useAgendaNavigation(view, date);
  const current = useCurrentItem(snapshot.state, items);
  const { isFocusMode, tutorial, top } = useAgendaHelp(env, snapshot, items, current);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      {/* Before the header and the endless list in the focus order; drawn at the bottom. */}
      <ControlBar env={env} state={snapshot.state} current={current} onFocusMode={setFocus} />
      <AddDial />
      <AgendaHeader
        env={env}
        view={view}
        date={date}
        now={now}
        onDate={(d) => goTo(view, d)}
        onView={onView}
        searchRef={searchRef}
      />
      <PlanChangesSlot env={env} state={snapshot.state} chunks={snapshot.chunks} now={now} />
      {view === 'day' ? (
        <DayPane
          env={env}
          range={dayRange}
          items={items}
          reminders={reminders}
          snapshot={snapshot}
          focusDate={startOfLocalDay(date, env.timeZone)}
          onExtend={onExtend}
          top={top}
        />
      ) : (
        <WeekPane
          env={env}
          weekStart={weekStart}
          items={items}
          reminders={reminders}
          state={snapshot.state}
          onWeek={(w) => goTo('week', w)}
          top={tutorial && tutorial !== 'focusView' ? top : null}
        />
      )}
      <AgendaOverlays
        env={env}
        state={snapshot.state}
        current={current}
        isFocusMode={isFocusMode}
        tutorial={tutorial}
        onFocusMode={setFocus}
      />
    </Box>
  );
}

/** The loaded timeline, its blocks and reminders in the range; the progress check watches them. */
function useAgendaData(range: TimeRange, env: AgendaEnv) {
  const snapshot = useTimeline(range);
  const items = useMemo(
    () => agendaItems(containersIn(snapshot.chunks, range)),
    [snapshot.chunks, range],
  );
  const reminders = useMemo(() => remindersIn(snapshot.chunks, range), [snapshot.chunks, range]);
  useProgressCheck(items, snapshot.state, env.timeZone);
  return { snapshot, items, reminders };
}

/**
 * Moving to another view or date, and in or out of focus mode, by the controls or the keyboard
 * shortcuts; a chosen view is remembered for the next visit.
 */
function useAgendaNavigation(view: AgendaView, date: number) {
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const goTo = useCallback(
    (nextView: AgendaView, nextDate: number) => navigate(agendaRoute(nextView, nextDate)),
    [navigate],
  );
  const onView = (next: AgendaView) => {
    saveView(next);
    goTo(next, date);
  };
  const setFocus = useCallback((on: boolean) => saveFocusMode(on), []);
  useAgendaShortcuts({ view, onDate: (d) => goTo(view, d), onView, onFocus: setFocus, searchRef });
  return { goTo, onView, setFocus, searchRef };
}

/** The day view in its centred column. */
function DayPane(props: DayViewProps) {
  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 2, maxWidth: 880, width: '100%', mx: 'auto', flex: 1 }}>
      <DayView {...props} />
    </Box>
  );
}

/** The week view, with the tutorial's card (and the empty agenda's help) above it. */
function WeekPane({ top, ...props }: WeekViewProps & { top: ReactNode }) {
  return (
    <>
      {top && <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 2 }}>{top}</Box>}
      <WeekView {...props} />
    </>
  );
}

/** What opens over the agenda: focus mode, the open dialog, the unconfirmed tasks' question. */
function AgendaOverlays({
  env,
  state,
  current,
  isFocusMode,
  tutorial,
  onFocusMode,
}: ControlsProps & { isFocusMode: boolean; tutorial: TutorialName | null }) {
  const hasDialog = useOpenDialog() !== null;
  return (
    <>
      {isFocusMode && (
        <FocusView
          env={env}
          state={state}
          current={current}
          onFocusMode={onFocusMode}
          tutorial={
            tutorial === 'focusView' ? <TutorialSlot name="focusView" state={state} /> : null
          }
        />
      )}
      {hasDialog && <DialogHost env={env} />}
      {state?.hasUnconfirmedTask && (
        <UnconfirmedTasksDialog hasUnconfirmed stamp={state.timelineUpdatedAt} env={env} />
      )}
    </>
  );
}
