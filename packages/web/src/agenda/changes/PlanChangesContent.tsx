import Box from '@mui/material/Box';
import type { Chunk } from '../data/timeline-queries';
import { usePlanChangesNote } from '../data/plan-changes';
import type { WireTimelineState } from '../types';
import type { AgendaEnv } from '../use-agenda-env';
import { PlanChangesNote } from './PlanChangesNote';

export interface PlanChangesContentProps {
  env: AgendaEnv;
  state: WireTimelineState | null;
  chunks: readonly Chunk[];
  now: number;
}

/** The note, when this device has one to show (data/plan-changes.ts decides). */
export function PlanChangesContent({ env, state, chunks, now }: PlanChangesContentProps) {
  const note = usePlanChangesNote(state, now);
  if (!note) return null;
  return (
    // Opaque like the header above it: the day scrolling under the note never shows in its gap.
    <Box
      sx={{
        px: { xs: 1.5, sm: 3 },
        pt: 2,
        maxWidth: 880,
        width: '100%',
        mx: 'auto',
        bgcolor: 'background.default',
      }}
    >
      <PlanChangesNote note={note} env={env} chunks={chunks} now={now} />
    </Box>
  );
}
