import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanChangesNote as Note } from '../data/plan-changes';
import type { Chunk } from '../data/timeline-queries';
import { agendaItems } from '../model/agenda-block';
import type { AgendaEnv } from '../use-agenda-env';
import { moveLine } from './change-text';

/** How many moves the note lists by name; the rest are counted. */
const LISTED = 3;

export interface PlanChangesNoteProps {
  note: Note;
  env: AgendaEnv;
  chunks: readonly Chunk[];
  now: number;
}

/** "Your plan changed": what the latest re-plan moved and why, until it is dismissed. */
export function PlanChangesNote({ note, env, chunks, now }: PlanChangesNoteProps) {
  const { t } = useTranslation('plan-changes');
  const titleId = useId();
  const lookups = useMemo(() => agendaItems(chunks.flatMap((c) => c.containers)), [chunks]);
  const { moves } = note.changes;
  const lines = moves.slice(0, LISTED).map((move) => moveLine(move, lookups, now, env, t));
  const more = moves.length - LISTED;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="group"
      aria-labelledby={titleId}
      onClose={note.dismiss}
      closeText={t('changes.dismiss')}
      sx={{
        alignItems: 'flex-start',
        bgcolor: 'background.paper',
        '& .MuiAlert-message': { minWidth: 0, flex: 1 },
      }}
    >
      <AlertTitle id={titleId}>{t('changes.title')}</AlertTitle>
      <Box
        component="ul"
        sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere', '& li + li': { mt: 0.5 } }}
      >
        {lines.map((line, index) => (
          <li key={`${moves[index]?.task ?? ''}:${index}`}>{line}</li>
        ))}
        {more > 0 && <li>{t('changes.more', { count: more })}</li>}
      </Box>
    </Alert>
  );
}
