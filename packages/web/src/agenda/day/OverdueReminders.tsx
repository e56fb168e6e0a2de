import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLANNING_CONSTANTS } from '@planner/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as serverApi from '../data/agenda-api';
import { overdueRemindersKey } from '../data/agenda-actions';
import { openDialog } from '../dialogs/dialog-store';
import type { AgendaEnv } from '../use-agenda-env';
import { ReminderRow } from './ReminderRow';

export function useOverdueReminders() {
  return useQuery({
    queryKey: overdueRemindersKey,
    queryFn: async () =>
      (await serverApi.getOverdueReminders({}, { showLoading: false })).reminders,
    meta: { persist: true, silent: true },
  });
}

/** Open reminders of past days, above today; a clear-all link past 7 of them (spec 9). */
export function OverdueReminders({ env }: { env: AgendaEnv }) {
  const { t } = useTranslation('agenda');
  const reminders = useOverdueReminders().data ?? [];
  if (reminders.length === 0) return null;
  const { count, devCount } = PLANNING_CONSTANTS.clearOverdueLinkAbove;
  const showClear = reminders.length > (env.isDebug ? devCount : count);
  return (
    <Box
      data-testid="overdue-reminders"
      sx={{
        mb: 1.5,
        p: 1,
        pl: 1.5,
        borderRadius: 2.5,
        bgcolor: 'rgba(210, 59, 59, 0.06)',
        border: '1px solid rgba(210, 59, 59, 0.18)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" color="error.main">
          {t('reminders.overdue', { count: reminders.length })}
        </Typography>
        {showClear && (
          <Button
            size="small"
            color="error"
            onClick={() => openDialog({ kind: 'clearOverdue', count: reminders.length })}
          >
            {t('reminders.clearOverdue')}
          </Button>
        )}
      </Box>
      {reminders.map((reminder) => (
        <ReminderRow
          key={reminder.instanceId || reminder.id}
          reminder={reminder}
          env={env}
          showDate
        />
      ))}
    </Box>
  );
}
