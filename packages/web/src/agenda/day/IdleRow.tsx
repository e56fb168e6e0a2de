import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { addLocalDays, startOfLocalDay, type IdleBlock } from '@planner/core';
import { formatDuration, formatTime } from '../model/format';
import { IDLE_COLOR } from '../model/palette';
import type { AgendaEnv } from '../use-agenda-env';

export interface IdleRowProps {
  idle: IdleBlock;
  env: AgendaEnv;
  now: number;
  onQuickAdd: (anchor: HTMLElement, idle: IdleBlock) => void;
}

/** A gap from one midnight to the next: a day with nothing in it. */
export function isWholeDay(idle: Pick<IdleBlock, 'start' | 'end'>, timeZone: string): boolean {
  return (
    startOfLocalDay(idle.start, timeZone) === idle.start &&
    addLocalDays(idle.start, 1, timeZone) === idle.end
  );
}

/**
 * Free time (spec 1: titled Idle, blue-grey). A short one is a quick-add spot; so is any idle time
 * already begun, long breaks included, since time spent there may need a record. A day with
 * nothing planned reads as a free day: "a long break from midnight to midnight" says nothing.
 */
export const IdleRow = memo(function IdleRow({ idle, env, now, onQuickAdd }: IdleRowProps) {
  const { t } = useTranslation('agenda');
  const isFreeDay = isWholeDay(idle, env.timeZone);
  const duration = isFreeDay
    ? t('idle.nothingPlanned')
    : formatDuration(idle.end - idle.start, env.tag);
  const isPast = idle.end <= now;
  const canAdd = idle.quickAdd || idle.start < now;
  const range = `${formatTime(idle.start, env)} – ${formatTime(idle.end, env)}`;
  const title = isFreeDay ? 'idle.freeDay' : idle.kind === 'long' ? 'idle.long' : 'idle.short';
  return (
    <Box
      data-testid="agenda-idle"
      sx={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 1.5,
        pr: 0.5,
        borderLeft: '3px dotted',
        // Past time fades its line only: faded words would fall under 4.5:1.
        borderColor: isPast ? 'divider' : IDLE_COLOR,
        ml: 0.5,
        color: IDLE_COLOR,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, color: IDLE_COLOR }}>
        {t(title)}
      </Typography>
      <Typography variant="body2" noWrap sx={{ color: 'text.secondary', flex: 1, minWidth: 0 }}>
        {duration}
        {!isFreeDay && (
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {` · ${range}`}
          </Box>
        )}
      </Typography>
      {canAdd && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          data-menu-anchor={`idle:${idle.id}`}
          onClick={(event) => onQuickAdd(event.currentTarget, idle)}
          aria-label={
            isFreeDay
              ? t(isPast ? 'idle.addRecordFreeDay' : 'idle.addFreeDay')
              : t(isPast ? 'idle.addRecordAt' : 'idle.addAt', { range })
          }
          sx={{ color: 'text.secondary', minWidth: 0, px: 1, flexShrink: 0 }}
        >
          {t(isPast ? 'idle.addRecord' : 'idle.add')}
        </Button>
      )}
    </Box>
  );
});
