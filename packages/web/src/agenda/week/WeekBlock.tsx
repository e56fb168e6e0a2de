import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import { styled } from '@mui/material/styles';
import { memo, type CSSProperties, type Ref, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useDragState } from '../drag/drag-state';
import { blockColor, blockTitle, type AgendaItems } from '../model/agenda-block';
import { blockTimes } from '../model/block-times';
import type { DayBlock } from '../model/day-model';
import { formatTime } from '../model/format';
import { paletteHex } from '../model/palette';
import { useSyncedFrom } from '../model/synced-source';
import { HOUR_PX, type WeekBox } from '../model/week-model';
import type { AgendaEnv } from '../use-agenda-env';

export { HOUR_PX };

// One styled element for every block keeps 300 blocks cheap: only position and colour vary.
const BlockButton = styled('button')({
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  alignItems: 'stretch',
  overflow: 'hidden',
  border: 0,
  borderInlineStart: '3px solid',
  borderRadius: 6,
  padding: '2px 4px',
  margin: 0,
  textAlign: 'start',
  font: 'inherit',
  fontSize: 12,
  lineHeight: 1.25,
  cursor: 'pointer',
  color: '#161a2b',
  contain: 'strict',
  '&:focus-visible': { outline: '2px solid #4a55e0', outlineOffset: 1, zIndex: 3 },
});

export interface WeekBlockProps {
  box: WeekBox;
  items: AgendaItems;
  env: AgendaEnv;
  isCurrent: boolean;
  /** Only the week in view is reachable by Tab. */
  isActive: boolean;
  onOpen: (anchor: HTMLElement, block: DayBlock) => void;
}

/** The component a day column draws its blocks with (draggable once drag and drop loaded). */
export type WeekBlockComponent = ComponentType<WeekBlockProps>;

/** What a drag adds to a block: the node, the long-press listeners, its state while dragged. */
export interface WeekBlockDrag {
  ref: Ref<HTMLButtonElement>;
  listeners?: DraggableSyntheticListeners;
  isDragging: boolean;
}

function useBlockWording(
  block: DayBlock,
  items: AgendaItems,
  env: AgendaEnv,
  /** "From Google Calendar" for a synced event, else ''. */
  syncedFrom = '',
) {
  const { t } = useTranslation('agenda');
  const title = block.isTravel
    ? t('block.travel', { title: blockTitle(block, items) })
    : blockTitle(block, items) || t('untitled');
  // Every day's box of a block past midnight says the whole block, its days included.
  const times = { title, ...blockTimes(block, env) };
  // A locked block says so: the dashed edge alone does not reach a screen reader.
  const base = t(block.fixed && !block.isTravel ? 'block.labelLocked' : 'block.label', times);
  return { title, label: syncedFrom ? `${base}. ${syncedFrom}` : base };
}

function blockStyle(block: DayBlock, items: AgendaItems, isCurrent: boolean): CSSProperties {
  const color = paletteHex(blockColor(block, items));
  return {
    background: isCurrent ? `${color}44` : `${color}24`,
    borderColor: color,
    borderStyle: block.isTravel || block.fixed ? 'dashed' : 'solid',
    boxShadow: isCurrent ? `0 0 0 2px ${color}` : undefined,
  };
}

const titleStyle: CSSProperties = {
  fontWeight: 650,
  display: 'block',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

type BoxProps = WeekBlockProps & { drag?: WeekBlockDrag };

/** A synced event's source, or '' (travel blocks carry their event but are not it). */
function sourceOf(block: DayBlock): string {
  return (!block.isTravel && 'eventData' in block && block.eventData?.source) || '';
}

/** A block's box in its day column; a click opens its menu. */
export const WeekBlock = memo(function WeekBlock(props: BoxProps) {
  const source = sourceOf(props.box.block);
  return source ? (
    <SyncedWeekBlock {...props} source={source} />
  ) : (
    <WeekBlockBox {...props} source="" syncedFrom="" />
  );
});

/** A synced event names where it comes from (it is changed there, never here). */
function SyncedWeekBlock(props: BoxProps & { source: string }) {
  return <WeekBlockBox {...props} syncedFrom={useSyncedFrom()(props.source)} />;
}

function WeekBlockBox({
  box,
  items,
  env,
  isCurrent,
  isActive,
  onOpen,
  drag,
  source,
  syncedFrom,
}: BoxProps & { source: string; syncedFrom: string }) {
  const { title, label } = useBlockWording(box.block, items, env, syncedFrom);
  const pxHeight = box.height * 24 * HOUR_PX;
  return (
    <BlockButton
      ref={drag?.ref}
      {...drag?.listeners}
      type="button"
      tabIndex={isActive ? 0 : -1}
      aria-label={label}
      data-testid="week-block"
      // Its twin is found by these once a re-plan draws the block anew (focus/block-mark.ts); a
      // block past midnight has a box per day, each named by where it starts.
      data-block-id={box.block.id}
      data-task-id={box.block.task}
      data-start={box.start}
      data-source={source || undefined}
      title={syncedFrom || undefined}
      data-dragging={drag?.isDragging || undefined}
      onClick={(e) => onOpen(e.currentTarget, box.block)}
      style={{
        top: `${box.top * 100}%`,
        height: `calc(${box.height * 100}% - 2px)`,
        left: `calc(${(box.lane / box.lanes) * 100}% + 2px)`,
        width: `calc(${100 / box.lanes}% - 4px)`,
        ...blockStyle(box.block, items, isCurrent),
        ...(pxHeight < 24
          ? { padding: '0 4px', fontSize: 11, lineHeight: `${Math.max(8, pxHeight - 2)}px` }
          : {}),
        ...(drag?.isDragging ? { opacity: 0.35 } : {}),
      }}
    >
      <span style={titleStyle}>{title}</span>
      {pxHeight >= 36 && (
        <span style={{ color: '#5b6275', whiteSpace: 'nowrap' }}>
          {source ? '⟳ ' : ''}
          {formatTime(box.block.start, env)}
        </span>
      )}
    </BlockButton>
  );
}

/** The dragged block as it follows the pointer: the same face, lifted. */
export function WeekBlockFace(props: { block: DayBlock; items: AgendaItems; env: AgendaEnv }) {
  const { title } = useBlockWording(props.block, props.items, props.env);
  const { preview } = useDragState();
  const color = paletteHex(blockColor(props.block, props.items));
  return (
    <BlockButton
      as="div"
      aria-hidden
      data-testid="week-drag-overlay"
      style={{
        position: 'relative',
        width: '100%',
        height: '100%',
        cursor: 'grabbing',
        ...blockStyle(props.block, props.items, false),
        background: '#fff',
        backgroundImage: `linear-gradient(${color}33, ${color}33)`,
        boxShadow: '0 10px 24px rgba(22, 26, 43, 0.28)',
      }}
    >
      <span style={titleStyle}>{title}</span>
      {preview?.blockId === props.block.id && (
        <span style={{ color: '#4a55e0', fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatTime(preview.start, props.env)} – {formatTime(preview.end, props.env)}
        </span>
      )}
    </BlockButton>
  );
}
