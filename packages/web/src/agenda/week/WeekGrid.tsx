import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { atLocalTimeOfDay, HOUR_MS, startOfLocalDay } from '@planner/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDragState } from '../drag/drag-state';
import type { AgendaItems } from '../model/agenda-block';
import type { DayBlock } from '../model/day-model';
import { formatDate, formatHour, formatTime } from '../model/format';
import { paletteHex } from '../model/palette';
import { nowPosition, type WeekColumn, type WeekModel } from '../model/week-model';
import { newReminderRoute } from '../routes';
import type { AgendaEnv } from '../use-agenda-env';
import { HOUR_PX, type WeekBlockComponent } from './WeekBlock';
import { WeekReminderMarks } from './WeekReminderMarks';

export { HOUR_PX };

const GUTTER_PX = 52;

/** Where day column `index` of 7 sits across the grid, past the hour gutter. */
function acrossColumn(index: number, insetPx = 0) {
  return {
    left: `calc(${GUTTER_PX}px + (100% - ${GUTTER_PX}px) * ${index} / 7 + ${insetPx}px)`,
    width: `calc((100% - ${GUTTER_PX}px) / 7 - ${2 * insetPx}px)`,
  };
}

export interface WeekGridProps {
  model: WeekModel;
  items: AgendaItems;
  env: AgendaEnv;
  now: number;
  currentBlockId: string | undefined;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
  /** Only the week in view is announced and reachable by Tab. */
  isActive: boolean;
  /** How blocks are drawn: draggable in the week in view once drag and drop loaded. */
  Block: WeekBlockComponent;
}

function DayHeader({
  column,
  env,
  now,
  isActive,
}: {
  column: WeekColumn;
  env: AgendaEnv;
  now: number;
  isActive: boolean;
}) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  const isToday = now >= column.start && now < column.end;
  const label = formatDate(column.start, env, { weekday: 'long', month: 'long', day: 'numeric' });
  return (
    <Box
      sx={{
        minWidth: 0,
        borderInlineStart: '1px solid',
        borderColor: 'divider',
        px: 0.25,
        pb: 0.5,
      }}
    >
      <ButtonBase
        tabIndex={isActive ? 0 : -1}
        aria-label={t('week.addReminder', { day: label })}
        onClick={() => navigate(newReminderRoute(column.start))}
        data-testid="week-day-header"
        sx={{
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          py: 0.75,
          borderRadius: 2,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Typography
          variant="caption"
          sx={{
            color: isToday ? 'primary.main' : 'text.secondary',
            fontWeight: 600,
            textTransform: 'uppercase',
            fontSize: 11,
          }}
        >
          {formatDate(column.start, env, { weekday: 'short' })}
        </Typography>
        <Box
          sx={{
            width: 30,
            height: 30,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            bgcolor: isToday ? 'primary.main' : 'transparent',
            color: isToday ? '#fff' : 'text.primary',
          }}
        >
          {formatDate(column.start, env, { day: 'numeric' })}
        </Box>
      </ButtonBase>
      {column.allDayEvents.map((event) => (
        <Typography
          key={`${event.id}:${event.instanceNumber}`}
          noWrap
          variant="caption"
          component="div"
          sx={{
            px: 0.5,
            mb: 0.25,
            borderRadius: 1,
            bgcolor: `${paletteHex(event.category?.color)}33`,
            fontWeight: 600,
          }}
        >
          {event.title || t('untitled')}
        </Typography>
      ))}
      {column.allDayReminders.map((reminder) => (
        <Typography
          key={reminder.instanceId || reminder.id}
          noWrap
          variant="caption"
          component="div"
          data-testid="week-all-day-reminder"
          sx={{
            px: 0.5,
            mb: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(217, 138, 28, 0.14)',
            textDecoration: reminder.status === 1 ? 'line-through' : 'none',
          }}
        >
          {reminder.title || t('untitled')}
        </Typography>
      ))}
    </Box>
  );
}

const DayColumn = memo(function DayColumn(props: {
  column: WeekColumn;
  items: AgendaItems;
  env: AgendaEnv;
  currentBlockId: string | undefined;
  onOpen: WeekGridProps['onOpen'];
  isActive: boolean;
  Block: WeekBlockComponent;
}) {
  const { column, Block } = props;
  return (
    <Box
      data-week-column-start={column.start}
      data-week-column-end={column.end}
      sx={{
        position: 'relative',
        borderInlineStart: '1px solid',
        borderColor: 'divider',
        contain: 'layout paint',
      }}
    >
      {column.boxes.map((box) => (
        <Block
          key={`${box.block.id}:${box.start}`}
          box={box}
          items={props.items}
          env={props.env}
          isCurrent={
            props.currentBlockId !== undefined && box.block.mergedIds.includes(props.currentBlockId)
          }
          isActive={props.isActive}
          onOpen={props.onOpen}
        />
      ))}
      <WeekReminderMarks marks={column.timedReminders} env={props.env} isActive={props.isActive} />
    </Box>
  );
});

/** One week: day headers (click adds a reminder), all-day items, the hour grid and now line. */
export const WeekGrid = memo(function WeekGrid({
  model,
  items,
  env,
  now,
  currentBlockId,
  onOpen,
  isActive,
  Block,
}: WeekGridProps) {
  const first = model.columns[0];
  const hours = useMemo(() => {
    if (!first) return [];
    const day = startOfLocalDay(first.start, env.timeZone);
    return Array.from({ length: 24 }, (_, h) =>
      formatHour(atLocalTimeOfDay(day, h * HOUR_MS, env.timeZone), env),
    );
  }, [first, env]);
  const nowAt = nowPosition(model.columns, now);
  const grid = `${GUTTER_PX}px repeat(7, minmax(0, 1fr))`;
  return (
    <Box
      aria-hidden={!isActive}
      data-testid={isActive ? 'week-grid' : undefined}
      data-active-week={isActive || undefined}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: grid,
          position: 'sticky',
          top: 0,
          zIndex: 4,
          bgcolor: 'background.default',
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Box />
        {model.columns.map((column) => (
          <DayHeader key={column.start} column={column} env={env} now={now} isActive={isActive} />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: grid,
          position: 'relative',
          height: 24 * HOUR_PX,
        }}
      >
        <Box sx={{ position: 'relative' }}>
          {hours.map((label, h) => (
            <Typography
              key={h}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                top: h * HOUR_PX - 8,
                insetInlineEnd: 6,
                fontSize: 11,
                display: h === 0 ? 'none' : 'block',
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </Typography>
          ))}
        </Box>
        {model.columns.map((column) => (
          <DayColumn
            key={column.start}
            column={column}
            items={items}
            env={env}
            currentBlockId={currentBlockId}
            onOpen={onOpen}
            isActive={isActive}
            Block={Block}
          />
        ))}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            backgroundImage: `repeating-linear-gradient(to bottom, rgba(22,26,43,0.07) 0, rgba(22,26,43,0.07) 1px, transparent 1px, transparent ${HOUR_PX}px)`,
            ml: `${GUTTER_PX}px`,
          }}
        />
        {isActive && <DropGhost columns={model.columns} env={env} />}
        {nowAt && (
          <Box
            data-testid="now-line"
            aria-hidden
            sx={{
              position: 'absolute',
              zIndex: 3,
              pointerEvents: 'none',
              height: 2,
              bgcolor: 'error.main',
              top: `${nowAt.top * 100}%`,
              ...acrossColumn(nowAt.column),
              '&::before': {
                content: '""',
                position: 'absolute',
                left: -5,
                top: -4,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: 'error.main',
              },
            }}
          />
        )}
      </Box>
    </Box>
  );
});

/** Where a dragged block would land (or waits for its scope): a dashed box at the snapped time. */
function DropGhost({ columns, env }: { columns: readonly WeekColumn[]; env: AgendaEnv }) {
  const { preview } = useDragState();
  if (!preview) return null;
  const index = columns.findIndex((c) => preview.start >= c.start && preview.start < c.end);
  const column = columns[index];
  if (!column) return null;
  const length = column.end - column.start;
  const top = (preview.start - column.start) / length;
  const height = (Math.min(preview.end, column.end) - preview.start) / length;
  return (
    <Box
      data-testid="week-drop-target"
      aria-hidden
      sx={{
        position: 'absolute',
        zIndex: 2,
        pointerEvents: 'none',
        top: `${top * 100}%`,
        height: `max(${height * 100}%, 18px)`,
        ...acrossColumn(index, 2),
        border: '2px dashed',
        borderColor: 'primary.main',
        borderRadius: '6px',
        bgcolor: 'rgba(74, 85, 224, 0.08)',
        color: 'primary.main',
        fontSize: 11,
        fontWeight: 700,
        px: 0.5,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      {formatTime(preview.start, env)}
    </Box>
  );
}
