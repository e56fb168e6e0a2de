import { addLocalDays, weekViewWindow } from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { weekStartOf } from './agenda-date';
import { timelineKey } from './data/timeline-queries';
import { dayRangeAround } from './day/DayView';
import type { AgendaView, TimeRange } from './types';
import type { AgendaEnv } from './use-agenda-env';

/**
 * The time the agenda loads: the day view's range (around the date, grown 3 days at a time at
 * either end) or the week in view's window.
 */
export function useAgendaRange(view: AgendaView, date: number, env: AgendaEnv) {
  const client = useQueryClient();
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
  return { dayRange, weekStart, range: view === 'day' ? dayRange : weekRange, onExtend };
}
