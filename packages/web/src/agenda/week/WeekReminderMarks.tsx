import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../model/format';
import { REMINDER_MARK_PX, type WeekReminderMark } from '../model/week-model';
import { reminderRoute } from '../routes';
import type { AgendaEnv } from '../use-agenda-env';

const REMINDER_COLOR = '#d98a1c';
/** The reminder colour at `opacity`, as a background image laid over an opaque colour. */
function tint(opacity: number): string {
  const color = alpha(REMINDER_COLOR, opacity);
  return `linear-gradient(${color}, ${color})`;
}

/**
 * Reminders with a time, drawn at that time over the day column; a click opens the reminder.
 * 24 px tall, the smallest target WCAG 2.2 allows where a mark sits over a block (axe
 * target-size; at 18 px it failed wherever a reminder fell on a planned block). Opaque, so a
 * block's words never show through its own; and never over a block's title: the model hangs the
 * mark below its time, stands it on its time (above) where a title follows, or puts it beside the
 * blocks when titles lie on both sides (`placeMark` in model/week-model.ts). The coloured edge is
 * always the one on the time.
 */
export const WeekReminderMarks = memo(function WeekReminderMarks({
  marks,
  env,
  isActive,
}: {
  marks: readonly WeekReminderMark[];
  env: AgendaEnv;
  isActive: boolean;
}) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  return marks.map(({ reminder, top, placement, lane, lanes }) => {
    const title = reminder.title || t('untitled');
    const edge = `2px solid ${REMINDER_COLOR}`;
    return (
      <ButtonBase
        key={reminder.instanceId || `${reminder.id}:${reminder.start}`}
        tabIndex={isActive ? 0 : -1}
        data-testid="week-reminder"
        aria-label={t('reminders.at', { title, time: formatTime(reminder.start, env) })}
        onClick={() => navigate(reminderRoute(reminder))}
        // Where it sits varies per mark, as a block's box does (WeekBlock).
        style={{
          top:
            placement === 'below' ? `${top * 100}%` : `calc(${top * 100}% - ${REMINDER_MARK_PX}px)`,
          left: `calc(${(lane / lanes) * 100}% + 2px)`,
          width: `calc(${100 / lanes}% - 4px)`,
          ...(placement === 'below' ? { borderTop: edge } : { borderBottom: edge }),
        }}
        sx={{
          position: 'absolute',
          zIndex: 2,
          height: REMINDER_MARK_PX,
          justifyContent: 'flex-start',
          gap: 0.25,
          px: 0.5,
          borderRadius: 1,
          // Tinted over the paper colour, opaque: the body of a block under the mark does not
          // show through its own text.
          bgcolor: 'background.paper',
          backgroundImage: tint(0.16),
          color: 'text.primary',
          fontSize: 11,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textDecoration: reminder.status === 1 ? 'line-through' : 'none',
          '&:hover, &.Mui-focusVisible': { backgroundImage: tint(0.3) },
        }}
      >
        <AlarmIcon aria-hidden sx={{ fontSize: 12, color: REMINDER_COLOR, flexShrink: 0 }} />
        {title}
      </ButtonBase>
    );
  });
});
