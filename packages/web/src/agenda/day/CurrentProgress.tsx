import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { PLANNING_CONSTANTS } from '@planner/core';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../data/use-server-now';
import { formatDuration } from '../model/format';

/**
 * The current block's progress, ticking every second on its own (the list does not re-render).
 * The fill moves once a tick, without a transition: a one-second width transition started anew
 * every second never ends, so the page drew 60 frames a second for as long as a block ran (on a
 * phone, half a core of an idle agenda), to move the bar by less than a pixel.
 */
export function CurrentProgress(props: { start: number; end: number; color: string; tag: string }) {
  const { t } = useTranslation('agenda');
  const now = useServerNow(PLANNING_CONSTANTS.progressCheckMs);
  const length = Math.max(1, props.end - props.start);
  const value = Math.min(100, Math.max(0, ((now - props.start) / length) * 100));
  const left = Math.max(0, props.end - now);
  return (
    <Box sx={{ mt: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        role="progressbar"
        aria-label={t('block.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        sx={{
          flex: 1,
          height: 6,
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: alpha(props.color, 0.18),
        }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${value}%`,
            bgcolor: props.color,
            borderRadius: 3,
          }}
        />
      </Box>
      <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {t('block.left', { duration: formatDuration(left, props.tag) })}
      </Typography>
    </Box>
  );
}
