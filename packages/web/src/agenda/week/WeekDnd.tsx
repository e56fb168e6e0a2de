import { DragOverlay, useDraggable } from '@dnd-kit/core';
import { useCallback, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { serverNow } from '../../api/server-clock';
import { BlockDragLayer } from '../drag/BlockDragLayer';
import { useDragState } from '../drag/drag-state';
import { keepInWindow, type DragData, type PlaceOf } from '../drag/use-block-drag';
import type { AgendaItems } from '../model/agenda-block';
import { isDraggable } from '../model/block-actions';
import { weekDroppedTimes, type LaidOutColumn } from '../model/drag-math';
import type { AgendaEnv } from '../use-agenda-env';
import { WeekBlock, WeekBlockFace, type WeekBlockProps } from './WeekBlock';
import { ACTIVE_WEEK } from './WeekGrid';

const modifiers = [keepInWindow({ isHorizontal: true })];
// The grid scrolls up and down under a dragged block; sideways it is the week carousel, which
// must not turn to another week because a block was dragged to the last day.
const autoScroll = { threshold: { x: 0, y: 0.2 } };

/** The day columns of the week in view, where they are on screen now (the grid scrolls). */
function measureColumns(container: HTMLElement | null): LaidOutColumn[] {
  if (!container) return [];
  const found = container.querySelectorAll<HTMLElement>(`${ACTIVE_WEEK} [data-week-column-start]`);
  return [...found].map((el) => {
    const rect = el.getBoundingClientRect();
    return {
      left: rect.left,
      right: rect.right,
      top: rect.top,
      bottom: rect.bottom,
      start: Number(el.dataset['weekColumnStart']),
      end: Number(el.dataset['weekColumnEnd']),
    };
  });
}

/**
 * Drag and drop of the week view: a block moves up and down (time) and across the day columns
 * (date); it follows the pointer in an overlay, since each column clips what it holds.
 */
export function WeekDndLayer(props: {
  container: RefObject<HTMLElement | null>;
  env: AgendaEnv;
  items: AgendaItems;
  children: ReactNode;
}) {
  const { container, env, items } = props;
  const placeOf = useCallback<PlaceOf>(
    (event, { block, offsetMs }) => {
      const rect = event.active.rect.current.translated;
      if (!rect) return null;
      const box = { top: rect.top, centerX: rect.left + rect.width / 2 };
      return weekDroppedTimes(
        measureColumns(container.current),
        box,
        offsetMs ?? 0,
        block.end - block.start,
      );
    },
    [container],
  );
  const renderOverlay = (active: DragData | null) =>
    createPortal(
      <DragOverlay dropAnimation={null} zIndex={1200}>
        {active ? <WeekBlockFace block={active.block} items={items} env={env} /> : null}
      </DragOverlay>,
      document.body,
    );
  return (
    <BlockDragLayer
      env={env}
      items={items}
      placeOf={placeOf}
      modifiers={modifiers}
      autoScroll={autoScroll}
      renderOverlay={renderOverlay}
    >
      {props.children}
    </BlockDragLayer>
  );
}

/**
 * A week block that a long press picks up (spec 5: not the current task, rests or synced
 * events); a click right after a drop does not open its menu.
 */
export function DraggableWeekBlock(props: WeekBlockProps & { currentTaskId: string | undefined }) {
  const { currentTaskId, ...blockProps } = props;
  const { box } = props;
  const { wasJustDragged } = useDragState();
  const canDrag = isDraggable(box.block, {
    now: serverNow(),
    isCurrentTask:
      box.block.task !== undefined &&
      box.block.task === currentTaskId &&
      box.block.start <= serverNow(),
    hasCurrent: currentTaskId !== undefined,
  });
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `${box.block.id}:${box.start}`,
    disabled: !canDrag,
    data: { block: box.block, offsetMs: box.start - box.block.start } satisfies DragData,
  });
  return (
    <WeekBlock
      {...blockProps}
      drag={{ ref: setNodeRef, listeners: canDrag ? listeners : undefined, isDragging }}
      onOpen={(anchor, block) => {
        if (!wasJustDragged(block.id)) props.onOpen(anchor, block);
      }}
    />
  );
}
