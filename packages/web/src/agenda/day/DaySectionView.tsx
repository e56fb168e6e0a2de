import EventIcon from '@mui/icons-material/EventOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdleBlock } from '@planner/core';
import type { AgendaItems } from '../model/agenda-block';
import { blockColor, blockTitle } from '../model/agenda-block';
import { isShortRecord, type DayBlock, type DayEntry, type DaySection } from '../model/day-model';
import { capitalizeFirst, formatDate, formatTime } from '../model/format';
import { paletteHex } from '../model/palette';
import { useSyncedFrom } from '../model/synced-source';
import { eventRoute } from '../routes';
import type { AgendaEnv } from '../use-agenda-env';
import type { BlockView } from './BlockCard';
import { IdleRow } from './IdleRow';
import { entryHeight } from './layout';
import { QuickAddReminder } from './QuickAddReminder';
import { ReminderRow } from './ReminderRow';
import { ShortRecordRow } from './ShortRecordRow';
import { Link as RouterLink } from 'react-router';

/**
 * The help cards, kept whole in view as they load and change: under the app bars and above the
 * control bar, which on a phone is two rows high. The bars' heights are the page's scroll padding
 * (components/use-scroll-clearance.ts), so no margin of their own is added here.
 */
function HelpCards({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // Every browser we support has ResizeObserver; jsdom (the unit tests) does not.
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'nearest' }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={box} data-agenda-help>
      {children}
    </Box>
  );
}

export interface DaySectionProps {
  day: DaySection;
  items: AgendaItems;
  env: AgendaEnv;
  now: number;
  currentGroupId: string | null;
  currentBlockId: string | undefined;
  /** Under the day's title: the tutorials and the empty state. */
  help?: ReactNode;
  /** Above today's timeline: the overdue reminders. */
  header?: ReactNode;
  renderBlock: (view: BlockView) => ReactNode;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
  onQuickAdd: (anchor: HTMLElement, idle: IdleBlock) => void;
}

function dayTitle(day: DaySection, env: AgendaEnv, now: number, t: (k: string) => string) {
  const date = capitalizeFirst(
    formatDate(day.start, env, { weekday: 'long', month: 'long', day: 'numeric' }),
    env.tag,
  );
  if (now >= day.start && now < day.end) return { badge: t('today'), date };
  if (now >= day.end && now < day.end + (day.end - day.start))
    return { badge: t('yesterday'), date };
  if (now < day.start && day.start - now < day.end - day.start)
    return { badge: t('tomorrow'), date };
  return { badge: null, date };
}

function EntryRow({ entry, props }: { entry: DayEntry; props: DaySectionProps }) {
  const { env, now, items } = props;
  const isCurrentGroup = entry.type === 'group' && entry.group.id === props.currentGroupId;
  const isShort = isShortRecord(entry, now, props.currentGroupId);
  const height = entryHeight(entry, isCurrentGroup, isShort);
  return (
    <Box
      data-span-start={entry.start}
      data-span-end={entry.end}
      data-current-entry={isCurrentGroup || undefined}
      sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, height, py: isShort ? 0.125 : 0.375 }}
    >
      <EntryTime
        time={formatTime(entry.start, env)}
        isCurrentGroup={isCurrentGroup}
        isShort={isShort}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', gap: 0.75 }}>
        {entry.type === 'idle' ? (
          <Box sx={{ flex: 1 }}>
            <IdleRow idle={entry.idle} env={env} now={now} onQuickAdd={props.onQuickAdd} />
          </Box>
        ) : (
          entry.group.blocks.map((block: DayBlock) => (
            <Box key={block.id} sx={{ flex: 1, minWidth: 0 }}>
              {isShort ? (
                <ShortRecordRow
                  block={block}
                  title={blockTitle(block, items)}
                  color={paletteHex(blockColor(block, items))}
                  env={env}
                  onOpen={props.onOpen}
                />
              ) : (
                props.renderBlock({
                  block,
                  title: blockTitle(block, items),
                  color: paletteHex(blockColor(block, items)),
                  isCurrent:
                    props.currentBlockId !== undefined &&
                    block.mergedIds.includes(props.currentBlockId),
                  isPast: block.end <= now,
                })
              )}
            </Box>
          ))
        )}
      </Box>
    </Box>
  );
}

/** The entry's start in the time column; the current group's stands out. */
function EntryTime(props: { time: string; isCurrentGroup: boolean; isShort: boolean }) {
  const { isCurrentGroup } = props;
  return (
    <Typography
      variant="caption"
      color={isCurrentGroup ? 'primary.main' : 'text.secondary'}
      sx={{
        width: { xs: 54, sm: 64 },
        flexShrink: 0,
        whiteSpace: 'nowrap',
        fontSize: { xs: 11, sm: 12 },
        textAlign: 'end',
        pt: props.isShort ? 0.25 : 0.75,
        fontWeight: isCurrentGroup ? 700 : 500,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {props.time}
    </Typography>
  );
}

/** The day's heading: today, yesterday or tomorrow with the date beside it, else the date. */
function DayHeading({ badge, date }: { badge: string | null; date: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1, px: 0.5 }}>
      <Typography variant="h6" component="h2">
        {badge ?? date}
      </Typography>
      {badge && (
        <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
          {date}
        </Typography>
      )}
    </Box>
  );
}

/** An all-day event, tinted by its category: a link to it, saying where a synced one comes from. */
function AllDayEventChip({ event }: { event: DaySection['allDayEvents'][number] }) {
  const { t } = useTranslation('agenda');
  const syncedFrom = useSyncedFrom();
  return (
    <Box
      component={RouterLink}
      to={eventRoute(event)}
      data-testid="all-day-event"
      data-source={event.source || undefined}
      title={syncedFrom(event.source) || undefined}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        mr: 0.75,
        mb: 0.75,
        px: 1.25,
        py: 0.5,
        borderRadius: 4,
        color: 'text.primary',
        textDecoration: 'none',
        fontSize: 14,
        fontWeight: 600,
        bgcolor: `${paletteHex(event.category?.color)}22`,
        '&:hover, &:focus-visible': { bgcolor: `${paletteHex(event.category?.color)}38` },
      }}
    >
      {event.source ? (
        <SyncIcon sx={{ fontSize: 18, color: paletteHex(event.category?.color) }} />
      ) : (
        <EventIcon sx={{ fontSize: 18, color: paletteHex(event.category?.color) }} />
      )}
      {event.title || t('untitled')}
      {event.source && (
        <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary', fontSize: 13 }}>
          {syncedFrom(event.source)}
        </Box>
      )}
    </Box>
  );
}

/** One day of the day view: its title, reminders, all-day events and timeline. */
export const DaySectionView = memo(function DaySectionView(props: DaySectionProps) {
  const { t } = useTranslation('agenda');
  const { day, env, now } = props;
  const { badge, date } = dayTitle(day, env, now, t);
  return (
    <Box
      component="section"
      id={`agenda-day-${day.start}`}
      data-day-start={day.start}
      aria-label={date}
      sx={{ mb: 3 }}
    >
      <DayHeading badge={badge} date={date} />
      {props.help && <HelpCards>{props.help}</HelpCards>}
      {props.header}
      <Box sx={{ mb: 1 }}>
        {day.allDayEvents.map((event) => (
          <AllDayEventChip key={`${event.id}:${event.instanceNumber}`} event={event} />
        ))}
        {day.reminders.map((reminder) => (
          <ReminderRow
            key={reminder.instanceId || `${reminder.id}:${reminder.start}`}
            reminder={reminder}
            env={env}
          />
        ))}
        <QuickAddReminder dayStart={day.start} dayLabel={date} timeZone={env.timeZone} />
      </Box>
      <Box data-testid="agenda-timeline">
        {day.entries.map((entry) => (
          <EntryRow
            key={entry.type === 'idle' ? entry.idle.id : entry.group.id}
            entry={entry}
            props={props}
          />
        ))}
      </Box>
    </Box>
  );
});
