import {
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { PLANNING_CONSTANTS } from '@planner/core';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { call } from '../../api/client';
import { fire } from '../data/action-errors';
import { agendaActions } from '../data/agenda-actions';
import { serverNow } from '../data/clock-offset';
import { runExclusive } from '../data/busy-actions';
import { timelineStore } from '../data/timeline-store';
import type { DayBlock } from '../model/day-model';
import { clampDragDelta, droppedTimes, type LaidOutSpan } from '../model/drag-math';

const activationConstraint = { delay: PLANNING_CONSTANTS.dragLongPressMs, tolerance: 8 };

/** Spec 5: the dragged block moves up and down only, between 15 % and 85 % of the window. */
export const keepInWindow: Modifier = ({ transform, draggingNodeRect }) => ({
  ...transform,
  x: 0,
  y: draggingNodeRect
    ? clampDragDelta(draggingNodeRect.top, transform.y, window.innerHeight)
    : transform.y,
});

function measureSpans(container: HTMLElement | null): LaidOutSpan[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>('[data-span-start]')].map((el) => {
    const rect = el.getBoundingClientRect();
    return {
      top: rect.top + window.scrollY,
      bottom: rect.bottom + window.scrollY,
      start: Number(el.dataset['spanStart']),
      end: Number(el.dataset['spanEnd']),
    };
  });
}

function moveEvent(block: DayBlock, start: number, end: number) {
  const event = 'eventData' in block ? block.eventData : undefined;
  if (!event) return Promise.resolve(undefined);
  return runExclusive('timeblock', async () => {
    await call('UpdateEvent', {
      newEvent: { ...event, start, end },
      oldEvent: event,
      apiVersion: 1,
      updateType: 0,
      fields: ['start', 'end'],
    });
    await timelineStore.reload();
  });
}

export interface DragPreview {
  blockId: string;
  start: number;
  end: number;
}

/**
 * Long press (400 ms) drags a block in the day view; the drop time is read from the layout and
 * snapped to 5 minutes. A future block is locked there (LockTimeblock), a past or current one
 * corrected (UpdateTimeblock); an event moves this occurrence.
 */
export function useDayDrag(container: RefObject<HTMLElement | null>) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint }),
    useSensor(TouchSensor, { activationConstraint }),
  );
  const spans = useRef<LaidOutSpan[]>([]);
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const justDropped = useRef(0);

  const timesOf = (event: DragMoveEvent | DragEndEvent) => {
    const block: DayBlock | undefined = event.active.data.current?.['block'];
    const rect = event.active.rect.current.translated;
    if (!block || !rect) return null;
    const times = droppedTimes(spans.current, rect.top + window.scrollY, block.end - block.start);
    return times ? { block, ...times } : null;
  };

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      if (event.active.id) spans.current = measureSpans(container.current);
    },
    [container],
  );
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const moved = timesOf(event);
    if (moved) setPreview({ blockId: moved.block.id, start: moved.start, end: moved.end });
  }, []);
  const onDragEnd = useCallback((event: DragEndEvent) => {
    setPreview(null);
    justDropped.current = Date.now();
    const moved = timesOf(event);
    if (!moved || moved.start === moved.block.start) return;
    const { block, start, end } = moved;
    if (block.event && !block.task) void fire(moveEvent(block, start, end));
    else if (block.start > serverNow())
      void fire(agendaActions.lockTimeblock(block.id, start, end));
    else void fire(agendaActions.updateTimeblock(block.id, start, end));
  }, []);
  const onDragCancel = useCallback(() => setPreview(null), []);
  /** A click right after a drop belongs to the drag, not to the block. */
  const wasJustDragged = useCallback(() => Date.now() - justDropped.current < 300, []);
  return {
    sensors,
    preview,
    wasJustDragged,
    handlers: { onDragStart, onDragMove, onDragEnd, onDragCancel },
  };
}
