import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayBlock } from '../model/day-model';
import { formatDuration, formatTime } from '../model/format';
import { REST_COLOR } from '../model/palette';
import type { AgendaEnv } from '../use-agenda-env';

export interface ShortRecordRowProps {
  block: DayBlock;
  title: string;
  color: string;
  env: AgendaEnv;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
}

/**
 * A past session under a minute (a quick click on the controls): one slim line instead of a card,
 * still a button so the record can be corrected or deleted from its menu.
 */
export const ShortRecordRow = memo(function ShortRecordRow(props: ShortRecordRowProps) {
  const { t } = useTranslation('agenda');
  const { block, env } = props;
  const title = block.isRest ? t('block.rest') : props.title || t('untitled');
  const start = formatTime(block.start, env);
  const end = formatTime(block.end, env);
  const accent = block.isRest ? REST_COLOR : props.color;
  return (
    <ButtonBase
      aria-label={t('block.label', { title, start, end })}
      data-testid="agenda-short-record"
      data-block-id={block.id}
      data-task-id={block.task}
      data-start={block.start}
      onClick={(event) => props.onOpen(event.currentTarget, block)}
      sx={{
        width: '100%',
        height: '100%',
        justifyContent: 'flex-start',
        gap: 1,
        px: 1.5,
        borderRadius: 1.5,
        color: 'text.secondary',
        fontSize: 12,
        '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
      }}
    >
      <Box
        component="span"
        sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: accent, flexShrink: 0 }}
      />
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {`${title} · ${formatDuration(block.end - block.start, env.tag)}`}
      </Box>
    </ButtonBase>
  );
});
