import Box from '@mui/material/Box';
import { addLocalDays, startOfLocalDay, weekViewWindow } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { categoriesQueryKey } from '../categories/categories-api';
import { PlanChangesSlot } from './changes/PlanChangesSlot';
import { AgendaSpeedDial } from './controls/AgendaSpeedDial';
import { ControlBar } from './controls/ControlBar';
import { useCurrentItem } from './controls/use-current-item';
import { readSavedView, saveFocusMode, saveView, useFocusMode } from './data/agenda-prefs';
import { useProgressCheck } from './data/progress-check';
import { containersIn, remindersIn, timelineKey } from './data/timeline-queries';
import { useTimeline } from './data/use-timeline';
import { useServerNow } from './data/use-server-now';
import { dayRangeAround, DayView } from './day/DayView';
import { AgendaHeader } from './header/AgendaHeader';
import {
  DialogHost,
  FocusView,
  TutorialSlot,
  UnconfirmedTasksDialog,
  WeekView,
} from './lazy-parts';
import { agendaItems } from './model/agenda-block';
import { useOpenDialog } from './dialogs/dialog-store';
import { weekStartOf } from './model/week-model';
import { agendaRoute } from './routes';
import { useAgendaShortcuts } from './use-agenda-shortcuts';
import { EmptyAgenda } from './tutorials/EmptyAgenda';
import { useHasTasks } from './tutorials/use-has-tasks';
import { isFinished, parseTutorialStatus, tutorialToShow } from './tutorials/tutorial-state';
import type { AgendaView, TimeRange } from './types';
import { useAgendaEnv } from './use-agenda-env';

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

function Agenda({ view, routeDate }: { view: AgendaView; routeDate: number | null }) {
  useTranslation('agenda');
  const env = useAgendaEnv();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isDialOpen, setDialOpen] = useState(false);
  const isFocusMode = useFocusMode();
  const hasDialog = useOpenDialog() !== null;
  const now = useServerNow(60_000);
  const date = routeDate ?? now;
  const client = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);

  // Spec 2: ?add=true opens the creation dial, then the route is plain /agenda.
  useEffect(() => {
    if (searchParams.get('add') !== 'true') return;
    setDialOpen(true);
    navigate('/agenda', { replace: true });
  }, [searchParams, navigate]);
  // Spec 2: leaving and returning to the agenda refreshes categories.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: categoriesQueryKey });
  }, [client]);

  const [dayRange, setDayRange] = useState<TimeRange>(() => dayRangeAround(date, env.timeZone));
  useEffect(() => {
    if (date < dayRange.start || date >= dayRange.end)
      setDayRange(dayRangeAround(date, env.timeZone));
  }, [date, dayRange, env.timeZone]);
  const weekStart = weekStartOf(date, env.firstDayOfWeek, env.timeZone);
  const weekRange = useMemo(
    () => weekViewWindow(weekStart, env.timeZone),
    [weekStart, env.timeZone],
  );
  const range = view === 'day' ? dayRange : weekRange;
  const snapshot = useTimeline(range);

  const items = useMemo(
    () => agendaItems(containersIn(snapshot.chunks, range)),
    [snapshot.chunks, range],
  );
  const reminders = useMemo(() => remindersIn(snapshot.chunks, range), [snapshot.chunks, range]);
  useProgressCheck(items, snapshot.state, env.timeZone);

  const goTo = useCallback(
    (nextView: AgendaView, nextDate: number) => navigate(agendaRoute(nextView, nextDate)),
    [navigate],
  );
  const onView = (next: AgendaView) => {
    saveView(next);
    goTo(next, date);
  };
  const onExtend = useCallback(
    (direction: 'earlier' | 'later') => {
      // Spec 4: no load-more while a range is loading.
      if (client.isFetching({ queryKey: timelineKey }) > 0) return;
      setDayRange((r) =>
        direction === 'later'
          ? { start: r.start, end: addLocalDays(r.end, 3, env.timeZone) }
          : { start: addLocalDays(r.start, -3, env.timeZone), end: r.end },
      );
    },
    [client, env.timeZone],
  );
  const setFocus = useCallback((on: boolean) => saveFocusMode(on), []);
  useAgendaShortcuts({ view, onDate: (d) => goTo(view, d), onView, onFocus: setFocus, searchRef });

  const current = useCurrentItem(snapshot.state, items);
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

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      {/* Before the header and the endless list in the focus order; drawn at the bottom. */}
      <ControlBar env={env} state={snapshot.state} current={current} onFocusMode={setFocus} />
      <AgendaSpeedDial open={isDialOpen} onOpenChange={setDialOpen} />
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
        <Box
          sx={{ px: { xs: 1.5, sm: 3 }, pt: 2, maxWidth: 880, width: '100%', mx: 'auto', flex: 1 }}
        >
          <DayView
            env={env}
            range={dayRange}
            items={items}
            reminders={reminders}
            snapshot={snapshot}
            focusDate={startOfLocalDay(date, env.timeZone)}
            onExtend={onExtend}
            top={top}
          />
        </Box>
      ) : (
        <>
          {tutorial && tutorial !== 'focusView' && (
            <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 2 }}>{top}</Box>
          )}
          <WeekView
            env={env}
            weekStart={weekStart}
            items={items}
            reminders={reminders}
            state={snapshot.state}
            onWeek={(w) => goTo('week', w)}
          />
        </>
      )}
      {isFocusMode && (
        <FocusView
          env={env}
          state={snapshot.state}
          current={current}
          onFocusMode={setFocus}
          tutorial={
            tutorial === 'focusView' ? (
              <TutorialSlot name="focusView" state={snapshot.state} />
            ) : null
          }
        />
      )}
      {hasDialog && <DialogHost env={env} />}
      {snapshot.state?.hasUnconfirmedTask && (
        <UnconfirmedTasksDialog hasUnconfirmed stamp={snapshot.state.timelineUpdatedAt} env={env} />
      )}
    </Box>
  );
}
