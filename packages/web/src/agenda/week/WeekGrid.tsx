import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { atLocalTimeOfDay, HOUR_MS, startOfLocalDay } from '@planner/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AgendaItems } from '../model/agenda-block';
import { blockColor, blockTitle } from '../model/agenda-block';
import type { DayBlock } from '../model/day-model';
import { formatDate, formatHour, formatTime } from '../model/format';
import { paletteHex } from '../model/palette';
import { nowPosition, type WeekColumn, type WeekModel } from '../model/week-model';
import { newReminderRoute } from '../routes';
import type { AgendaEnv } from '../use-agenda-env';

export const HOUR_PX = 48;
const GUTTER_PX = 52;

// One styled element for every block keeps 300 blocks cheap: only position and colour vary.
const BlockButton = styled('button')({
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  alignItems: 'stretch',
  overflow: 'hidden',
  border: 0,
  borderInlineStart: '3px solid',
  borderRadius: 6,
  padding: '2px 4px',
  margin: 0,
  textAlign: 'start',
  font: 'inherit',
  fontSize: 12,
  lineHeight: 1.25,
  cursor: 'pointer',
  color: '#161a2b',
  contain: 'strict',
  '&:focus-visible': { outline: '2px solid #4a55e0', outlineOffset: 1, zIndex: 3 },
});

export interface WeekGridProps {
  model: WeekModel;
  items: AgendaItems;
  env: AgendaEnv;
  now: number;
  currentBlockId: string | undefined;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
  /** Only the week in view is announced and reachable by Tab. */
  isActive: boolean;
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
}) {
  const { t } = useTranslation('agenda');
  const { column, items, env } = props;
  return (
    <Box
      sx={{
        position: 'relative',
        borderInlineStart: '1px solid',
        borderColor: 'divider',
        contain: 'layout paint',
      }}
    >
      {column.boxes.map((box) => {
        const color = paletteHex(blockColor(box.block, items));
        const title = box.block.isTravel
          ? t('block.travel', { title: blockTitle(box.block, items) })
          : blockTitle(box.block, items) || t('untitled');
        const isCurrent =
          props.currentBlockId !== undefined && box.block.mergedIds.includes(props.currentBlockId);
        const pxHeight = box.height * 24 * HOUR_PX;
        const label = t('block.label', {
          title,
          start: formatTime(box.block.start, env),
          end: formatTime(box.block.end, env),
        });
        return (
          <BlockButton
            key={`${box.block.id}:${box.start}`}
            type="button"
            tabIndex={props.isActive ? 0 : -1}
            aria-label={label}
            data-testid="week-block"
            onClick={(e) => props.onOpen(e.currentTarget, box.block)}
            style={{
              top: `${box.top * 100}%`,
              height: `calc(${box.height * 100}% - 2px)`,
              left: `calc(${(box.lane / box.lanes) * 100}% + 2px)`,
              width: `calc(${100 / box.lanes}% - 4px)`,
              background: isCurrent ? `${color}44` : `${color}24`,
              borderColor: color,
              borderStyle: box.block.isTravel || box.block.fixed ? 'dashed' : 'solid',
              boxShadow: isCurrent ? `0 0 0 2px ${color}` : undefined,
              ...(pxHeight < 24
                ? { padding: '0 4px', fontSize: 11, lineHeight: `${Math.max(8, pxHeight - 2)}px` }
                : {}),
            }}
          >
            <span
              style={{
                fontWeight: 650,
                display: 'block',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {title}
            </span>
            {pxHeight >= 36 && (
              <span style={{ color: '#5b6275', whiteSpace: 'nowrap' }}>
                {formatTime(box.block.start, env)}
              </span>
            )}
          </BlockButton>
        );
      })}
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
    <Box aria-hidden={!isActive} data-testid={isActive ? 'week-grid' : undefined}>
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
              left: `calc(${GUTTER_PX}px + (100% - ${GUTTER_PX}px) * ${nowAt.column} / 7)`,
              width: `calc((100% - ${GUTTER_PX}px) / 7)`,
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
