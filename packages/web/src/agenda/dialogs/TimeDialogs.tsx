import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { canEditHistory, constrainTimeblockCursor, showsTimeblockCursorTime } from '@planner/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../../api/server-clock';
import type { DayBlock } from '../model/day-model';
import { formatTime } from '../model/format';
import type { AgendaEnv } from '../use-agenda-env';
import { AgendaDialog } from './AgendaDialog';
import { openDialog } from './dialog-store';

/** Past and current blocks are corrected; future ones are locked at the new times (spec 4). */
export function saveBlockTimes(block: DayBlock, start: number, end: number) {
  return block.start > serverNow()
    ? agendaActions.lockTimeblock(block.id, start, end)
    : agendaActions.updateTimeblock(block.id, start, end);
}

/** Free people get the upsell instead of a dialog for records older than 24 hours (spec 6). */
export function mayEditHistory(env: AgendaEnv, blockEnd: number): boolean {
  return canEditHistory({
    premiumLevel: env.premiumLevel,
    referralCount: env.referralCount,
    blockEnd,
    now: serverNow(),
  });
}

/** Timeblock boundary edit: one cursor within the block moves its start or its end there. */
export function EditTimeblockDialog({ block, env }: { block: DayBlock; env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const hasStarted = block.start <= serverNow();
  const [edge, setEdge] = useState<'start' | 'end'>(hasStarted ? 'end' : 'start');
  const [cursor, setCursor] = useState(edge === 'end' ? block.end : block.start);
  const chooseEdge = (next: 'start' | 'end' | null) => {
    if (!next) return;
    setEdge(next);
    setCursor(next === 'end' ? block.end : block.start);
  };
  const start = edge === 'start' ? cursor : block.start;
  const end = edge === 'end' ? cursor : block.end;
  return (
    <AgendaDialog
      title={t('editBlock.title')}
      confirmLabel={t('save')}
      testId="edit-timeblock-dialog"
      isConfirmDisabled={start === block.start && end === block.end}
      onConfirm={() => fire(saveBlockTimes(block, start, end))}
      extraActions={
        hasStarted && !block.id.startsWith('planned:') ? <DeleteRecordButton block={block} /> : null
      }
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={edge}
        onChange={(_e, v: 'start' | 'end' | null) => chooseEdge(v)}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="start">{t('editBlock.moveStart')}</ToggleButton>
        <ToggleButton value="end">{t('editBlock.moveEnd')}</ToggleButton>
      </ToggleButtonGroup>
      <Slider
        value={cursor}
        min={block.start}
        max={Math.max(block.start + 1, block.end)}
        step={60_000}
        onChange={(_e, value) =>
          setCursor(constrainTimeblockCursor(snapMinute(Number(value)), block))
        }
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => formatTime(value, env)}
        getAriaValueText={(value) => formatTime(value, env)}
        aria-label={t(edge === 'start' ? 'editBlock.moveStart' : 'editBlock.moveEnd')}
      />
      <CursorScale block={block} cursor={cursor} env={env} />
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('editBlock.result', { start: formatTime(start, env), end: formatTime(end, env) })}
      </Typography>
    </AgendaDialog>
  );
}

const snapMinute = (ms: number) => Math.round(ms / 60_000) * 60_000;

/** Under the slider: the block's start and end, and the cursor's time between them. */
function CursorScale({ block, cursor, env }: { block: DayBlock; cursor: number; env: AgendaEnv }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary' }}>
      <Typography variant="body2">{formatTime(block.start, env)}</Typography>
      {showsTimeblockCursorTime(cursor, block) && (
        <Typography
          variant="body2"
          color="primary.main"
          sx={{ fontWeight: 700 }}
          data-testid="cursor-time"
        >
          {formatTime(cursor, env)}
        </Typography>
      )}
      <Typography variant="body2">{formatTime(block.end, env)}</Typography>
    </Box>
  );
}

/** A record that has begun can be deleted from here as well. */
function DeleteRecordButton({ block }: { block: DayBlock }) {
  const { t } = useTranslation('agenda');
  return (
    <Button
      color="error"
      sx={{ mr: 'auto' }}
      onClick={() => openDialog({ kind: 'deleteRecord', block })}
    >
      {t('actions.deleteRecord')}
    </Button>
  );
}

export function DeleteRecordDialog({ block }: { block: DayBlock }) {
  const { t } = useTranslation('agenda');
  return (
    <AgendaDialog
      title={t('deleteRecord.title')}
      confirmLabel={t('deleteRecord.confirm')}
      isDestructive
      onConfirm={() => fire(agendaActions.updateTimeblock(block.id, block.start, block.start))}
    >
      <Typography>{t('deleteRecord.text')}</Typography>
    </AgendaDialog>
  );
}

export function UnlockDialog({ block }: { block: DayBlock }) {
  const { t } = useTranslation('agenda');
  return (
    <AgendaDialog
      title={t('unlock.title')}
      confirmLabel={t('unlock.confirm')}
      onConfirm={() => fire(agendaActions.unlockTimeblock(block.id, block.start, block.end))}
    >
      <Typography>{t('unlock.text')}</Typography>
    </AgendaDialog>
  );
}
