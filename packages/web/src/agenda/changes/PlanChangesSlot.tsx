import Box from '@mui/material/Box';
import { useRef } from 'react';
import { useScrollClearance } from '../../components/use-scroll-clearance';
import type { Chunk } from '../data/timeline-queries';
import { PlanChangesContent } from '../lazy-parts';
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
 * note that arrives later is read out (politely) rather than only drawn. The note's code (and
 * the decision whether this device still has one to show) loads only once the timeline state
 * holds a re-plan that moved something, so a first load without one does not carry it. It
 * stays in view under the header until it is dismissed.
 */
export function PlanChangesSlot({ env, state, chunks, now }: PlanChangesSlotProps) {
  const hasMoves = (state?.planChanges?.moves.length ?? 0) > 0;
  const slot = useRef<HTMLDivElement>(null);
  // A note floats over the page's top as the header does: what is scrolled into view (the
  // focus, today) stops below it, not under it.
  useScrollClearance(slot, 'top');
  return (
    // Held under the sticky header: the agenda opens scrolled to now, past where a note in the
    // flow would sit.
    <Box
      ref={slot}
      role="status"
      aria-live="polite"
      sx={{ position: 'sticky', top: { xs: 112, sm: 120 }, zIndex: 4 }}
    >
      {hasMoves && <PlanChangesContent env={env} state={state} chunks={chunks} now={now} />}
    </Box>
  );
}
