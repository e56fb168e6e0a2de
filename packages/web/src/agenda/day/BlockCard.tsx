import EventIcon from '@mui/icons-material/EventOutlined';
import LockIcon from '@mui/icons-material/Lock';
import SyncIcon from '@mui/icons-material/Sync';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { dueStatus, dueStatusTone } from '@planner/core';
import { memo, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaEnv } from '../use-agenda-env';
import { formatDuration, formatTime } from '../model/format';
import type { DayBlock } from '../model/day-model';
import { LOCKED_COLOR, readableOn, REST_COLOR } from '../model/palette';
import { useSyncedFrom } from '../model/synced-source';
import { CurrentProgress } from './CurrentProgress';

export interface BlockView {
  block: DayBlock;
  title: string;
  color: string;
  isCurrent: boolean;
  isPast: boolean;
}

export interface BlockCardProps extends BlockView {
  env: AgendaEnv;
  now: number;
  compact?: boolean;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
  dragRef?: Ref<HTMLElement>;
  dragProps?: HTMLAttributes<HTMLElement>;
  dragStyle?: CSSProperties;
  isDragging?: boolean;
}

/** The card with where a synced event comes from ('' for everything else). */
type FaceProps = BlockCardProps & { source: string; syncedFrom: string };

function useBlockTexts(props: FaceProps) {
  const { t } = useTranslation('agenda');
  const { block, env } = props;
  const title = block.isRest
    ? t('block.rest')
    : block.isTravel
      ? t('block.travel', { title: props.title || t('untitled') })
      : props.title || t('untitled');
  const start = formatTime(block.start, env);
  const end = formatTime(block.end, env);
  // A task beyond the free plan's limits is not planned at the times it is drawn at: its name
  // says why instead. A block the person locked says so, as in the week view.
  const isBeyondLimit = 'kind' in block && block.kind === 'locked';
  const times = isBeyondLimit
    ? t(block.locking === 'taskLimit' ? 'block.beyondTaskLimit' : 'block.beyondAgenda')
    : t(block.fixed && !block.isTravel ? 'block.labelLocked' : 'block.label', {
        title,
        start,
        end,
      });
  const label = [isBeyondLimit ? `${title}. ${times}` : times, props.syncedFrom]
    .filter(Boolean)
    .join('. ');
  return { t, title, start, end, label };
}

/** One block of the day view: a task session, an event, a rest, travel, or a locked task. */
export const BlockCard = memo(function BlockCard(props: BlockCardProps) {
  const source = ('eventData' in props.block && props.block.eventData?.source) || '';
  return source ? (
    <SyncedBlockCard {...props} source={source} />
  ) : (
    <BlockCardFace {...props} source="" syncedFrom="" />
  );
});

/** A synced event says where it comes from (it is changed there, never here). */
function SyncedBlockCard(props: BlockCardProps & { source: string }) {
  const syncedFrom = useSyncedFrom()(props.source);
  return <BlockCardFace {...props} syncedFrom={syncedFrom} />;
}

function BlockCardFace(props: FaceProps) {
  const { block, env, color, isCurrent, isPast, now, source, syncedFrom } = props;
  const { t, title, start, end, label } = useBlockTexts(props);
  const isLocked = 'kind' in block && block.kind === 'locked';
  const accent = isLocked ? LOCKED_COLOR : block.isRest ? REST_COLOR : color;
  const task = 'taskData' in block ? block.taskData : undefined;
  const tone = task ? taskTone(task, now) : null;
  const category =
    task?.category?.title ?? ('eventData' in block ? block.eventData?.category?.title : undefined);
  const detail = isLocked
    ? t(block.locking === 'taskLimit' ? 'block.beyondTaskLimit' : 'block.beyondAgenda')
    : [`${start} – ${end}`, formatDuration(block.end - block.start, env.tag), category, syncedFrom]
        .filter(Boolean)
        .join(' · ');
  const look = { accent, isCurrent, isPast, isLocked, isTravel: block.isTravel };
  return (
    <ButtonBase
      ref={props.dragRef as Ref<HTMLButtonElement>}
      {...props.dragProps}
      aria-label={label}
      data-testid="agenda-block"
      data-block-id={block.id}
      data-task-id={block.task}
      data-start={block.start}
      data-source={source || undefined}
      data-current={isCurrent || undefined}
      data-fixed={block.fixed || undefined}
      onClick={(event) => props.onOpen(event.currentTarget, block)}
      sx={{ ...cardSx(look, props.isDragging), ...props.dragStyle }}
    >
      <Box sx={{ width: 5, flexShrink: 0, bgcolor: accent }} />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          px: 1.5,
          py: props.compact ? 0.5 : 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.25,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          {isCurrent && <NowBadge accent={accent} />}
          <Typography noWrap sx={{ fontWeight: 650, fontSize: 15, flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {tone && !isPast && <DueMark tone={tone} />}
          <BlockMarks block={block} accent={accent} source={source} />
        </Box>
        <Typography noWrap variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
          {detail}
        </Typography>
        {isCurrent && (
          <CurrentProgress start={block.start} end={block.end} color={accent} tag={env.tag} />
        )}
      </Box>
    </ButtonBase>
  );
}

type TaskData = NonNullable<Extract<DayBlock, { taskData?: unknown }>['taskData']>;

/** A task's due status, told by a coloured dot and a word. */
function taskTone(task: TaskData, now: number) {
  return dueStatusTone(
    dueStatus({
      isCompleted: task.isCompleted,
      deadline: task.deadline,
      lastTimeblockEnd: task.lastTimeblockEnd,
      hasUnplannedTime: false,
      now,
    }),
  );
}

interface CardLook {
  accent: string;
  isCurrent: boolean;
  isPast: boolean;
  isLocked: boolean;
  isTravel: boolean | undefined;
}

/** The card's tint and border: stronger when current, dashed when locked or travel. */
function cardSx({ accent, isCurrent, isPast, isLocked, isTravel }: CardLook, isDragging = false) {
  return {
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'stretch',
    textAlign: 'start',
    borderRadius: 2.5,
    overflow: 'hidden',
    bgcolor: isCurrent ? alpha(accent, 0.16) : alpha(accent, isPast ? 0.06 : 0.1),
    border: '1px solid',
    borderColor: isCurrent
      ? alpha(accent, 0.7)
      : isLocked
        ? alpha(accent, 0.5)
        : alpha(accent, 0.22),
    borderStyle: isLocked || isTravel ? 'dashed' : 'solid',
    boxShadow: isDragging ? 8 : isCurrent ? `0 6px 18px ${alpha(accent, 0.25)}` : 'none',
    // Past blocks are told by their paler tint; faded words would fall under 4.5:1.
    transition: 'box-shadow 120ms, background-color 120ms',
    touchAction: 'manipulation',
    '&:hover': { bgcolor: alpha(accent, isCurrent ? 0.2 : 0.15) },
    '&.Mui-focusVisible': {
      outline: '3px solid',
      outlineColor: 'primary.main',
      outlineOffset: 2,
    },
  } as const;
}

/** The current block's "Now" badge, in its colour. */
function NowBadge({ accent }: { accent: string }) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      component="span"
      sx={{
        px: 0.75,
        py: 0.1,
        borderRadius: 1,
        bgcolor: accent,
        color: readableOn(accent),
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: '0.04em',
        textTransform: 'uppercase',
        flexShrink: 0,
      }}
    >
      {t('block.now')}
    </Box>
  );
}

function DueMark({ tone }: { tone: NonNullable<ReturnType<typeof taskTone>> }) {
  const { t } = useTranslation('agenda');
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        flexShrink: 0,
        fontSize: 12,
        color: 'text.secondary',
      }}
    >
      <Box
        component="span"
        sx={{ width: 7, height: 7, borderRadius: '50%', bgcolor: `${tone}.main` }}
      />
      {t(`due.${tone}`)}
    </Box>
  );
}

/** The marks after the title: an event (or a synced one), locked in place, beyond the plan. */
function BlockMarks({
  block,
  accent,
  source,
}: {
  block: DayBlock;
  accent: string;
  source: string;
}) {
  const { t } = useTranslation('agenda');
  const isLocked = 'kind' in block && block.kind === 'locked';
  const isEvent = 'kind' in block && block.kind === 'event';
  return (
    <>
      {isEvent && !source && <EventIcon aria-hidden sx={{ fontSize: 16, color: accent }} />}
      {isEvent && source && (
        <SyncIcon aria-hidden data-testid="synced-mark" sx={{ fontSize: 16, color: accent }} />
      )}
      {block.fixed && !block.isTravel && !block.isRest && (
        <LockIcon aria-label={t('block.locked')} sx={{ fontSize: 15, color: 'text.secondary' }} />
      )}
      {isLocked && <WorkspacePremiumIcon sx={{ fontSize: 18, color: LOCKED_COLOR }} />}
    </>
  );
}
