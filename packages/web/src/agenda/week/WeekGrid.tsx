import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { atLocalTimeOfDay, HOUR_MS, startOfLocalDay } from '@planner/core';
import { memo, useMemo } from 'react';
import { useDragState } from '../drag/drag-state';
import type { AgendaItems } from '../model/agenda-block';
import type { DayBlock } from '../model/day-model';
import { formatHour, formatTime } from '../model/format';
import { nowPosition, type WeekColumn, type WeekModel } from '../model/week-model';
import type { AgendaEnv } from '../use-agenda-env';
import { HOUR_PX, type WeekBlockComponent } from './WeekBlock';
import { DayHeader } from './WeekDayHeader';
import { WeekReminderMarks } from './WeekReminderMarks';

export { HOUR_PX };

/** The week in view's grid, of the three the carousel draws (WeekGrid marks it). */
export const ACTIVE_WEEK = '[data-active-week]';

const GUTTER_PX = 52;
const GRID_COLUMNS = `${GUTTER_PX}px repeat(7, minmax(0, 1fr))`;

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
  const nowAt = nowPosition(model.columns, now);
  return (
    <Box
      aria-hidden={!isActive}
      data-testid={isActive ? 'week-grid' : undefined}
      data-active-week={isActive || undefined}
    >
      <DayHeaderRow columns={model.columns} env={env} now={now} isActive={isActive} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: GRID_COLUMNS,
          position: 'relative',
          height: 24 * HOUR_PX,
        }}
      >
        <HourLabels firstDay={model.columns[0]} env={env} />
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
        <HourLines />
        {isActive && <DropGhost columns={model.columns} env={env} />}
        {nowAt && <NowLine top={nowAt.top} column={nowAt.column} />}
      </Box>
    </Box>
  );
});

/** The days' heads, kept in view at the top while the hours scroll. */
function DayHeaderRow(props: {
  columns: readonly WeekColumn[];
  env: AgendaEnv;
  now: number;
  isActive: boolean;
}) {
  const { env, now, isActive } = props;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: GRID_COLUMNS,
        position: 'sticky',
        top: 0,
        zIndex: 4,
        bgcolor: 'background.default',
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box />
      {props.columns.map((column) => (
        <DayHeader key={column.start} column={column} env={env} now={now} isActive={isActive} />
      ))}
    </Box>
  );
}

/** The hour gutter's labels, in the week's first day's hours (a clock change shifts them). */
function HourLabels({ firstDay, env }: { firstDay: WeekColumn | undefined; env: AgendaEnv }) {
  const hours = useMemo(() => {
    if (!firstDay) return [];
    const day = startOfLocalDay(firstDay.start, env.timeZone);
    return Array.from({ length: 24 }, (_, h) =>
      formatHour(atLocalTimeOfDay(day, h * HOUR_MS, env.timeZone), env),
    );
  }, [firstDay, env]);
  return (
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
  );
}

/** A faint line at each hour across the day columns. */
function HourLines() {
  return (
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
  );
}

/** The red now line across today's column, a dot at its start. */
function NowLine({ top, column }: { top: number; column: number }) {
  return (
    <Box
      data-testid="now-line"
      aria-hidden
      sx={{
        position: 'absolute',
        zIndex: 3,
        pointerEvents: 'none',
        height: 2,
        bgcolor: 'error.main',
        top: `${top * 100}%`,
        ...acrossColumn(column),
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
  );
}

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
