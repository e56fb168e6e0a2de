import Box from '@mui/material/Box';
import type { Chunk } from '../data/timeline-queries';
import { usePlanChangesNote } from '../data/plan-changes';
import { PlanChangesNote } from '../lazy-parts';
import type { WireTimelineState } from '../types';
import type { AgendaEnv } from '../use-agenda-env';

export interface PlanChangesSlotProps {
  env: AgendaEnv;
  state: WireTimelineState | null;
  /** The loaded ranges, where the moved tasks' and the events' titles are looked up. */
  chunks: readonly Chunk[];
  now: number;
}

/**
 * Where the "what changed" note appears on the agenda. The live region stays in the page, so a
 * note that arrives later is read out (politely) rather than only drawn; its code loads when a
 * note is first shown. It stays in view under the header until it is dismissed.
 */
export function PlanChangesSlot({ env, state, chunks, now }: PlanChangesSlotProps) {
  const note = usePlanChangesNote(state);
  return (
    // Held under the sticky header: the agenda opens scrolled to now, past where a note in the
    // flow would sit.
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: 'sticky', top: { xs: 112, sm: 120 }, zIndex: 4 }}
    >
      {note && (
        <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 2, maxWidth: 880, width: '100%', mx: 'auto' }}>
          <PlanChangesNote note={note} env={env} chunks={chunks} now={now} />
        </Box>
      )}
    </Box>
  );
}
