import {
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { PLANNING_CONSTANTS, type RecurrenceScope } from '@planner/core';
import { useCallback, useRef, useState } from 'react';
import { fire } from '../data/action-errors';
import { serverNow } from '../../api/server-clock';
import type { DayBlock } from '../model/day-model';
import { clampDragDelta } from '../model/drag-math';
import type { WireEventInstance } from '../types';
import type { DragPreview } from './drag-state';
import { moveEvent, moveTimeblock } from './drop-actions';
import { planDrop, type DropTarget } from './drop-plan';
import { LongPressMouseSensor, LongPressTouchSensor } from './long-press-sensors';

const longPress = { delay: PLANNING_CONSTANTS.dragLongPressMs, tolerance: 8 };

/**
 * Spec 5: the dragged block's top stays between 15 % and 85 % of the window height. The day
 * view moves blocks up and down only; the week view also across its day columns.
 */
export function keepInWindow({ isHorizontal }: { isHorizontal: boolean }): Modifier {
  return ({ transform, draggingNodeRect }) => ({
    ...transform,
    x: isHorizontal ? transform.x : 0,
    y: draggingNodeRect
      ? clampDragDelta(draggingNodeRect.top, transform.y, window.innerHeight)
      : transform.y,
  });
}

/** What a draggable block hands to the drag: the block, and where its box starts in it. */
export interface DragData {
  block: DayBlock;
  /** How far into the block the dragged box starts (week boxes are cut at midnight). */
  offsetMs?: number;
}

/** Where the dragged block would land, read from the view's layout; null when over nothing. */
export type PlaceOf = (event: DragMoveEvent | DragEndEvent, data: DragData) => DropTarget | null;

/** A recurring event's occurrence was dropped: the scope is asked before anything is sent. */
export interface PendingMove {
  block: DayBlock;
  event: WireEventInstance;
  target: DropTarget;
  scopes: RecurrenceScope[];
}

const dataOf = (event: DragStartEvent | DragMoveEvent | DragEndEvent): DragData | null => {
  const data = event.active.data.current;
  const block: DayBlock | undefined = data?.['block'];
  if (!block) return null;
  const offsetMs: unknown = data?.['offsetMs'];
  return { block, ...(typeof offsetMs === 'number' ? { offsetMs } : {}) };
};

const samePreview = (a: DragPreview | null, b: DragPreview) =>
  a !== null && a.blockId === b.blockId && a.start === b.start && a.end === b.end;

/**
 * Sends a dropped block's change: a future block is locked there, a started one corrected, an
 * event moved. A recurring occurrence with a choice of scopes sends nothing yet: the question
 * to ask is returned.
 */
function sendDrop(block: DayBlock, target: DropTarget, timeZone: string): PendingMove | null {
  const plan = planDrop(block, target, { now: serverNow(), timeZone });
  if (plan.kind === 'lock' || plan.kind === 'correct')
    void fire(moveTimeblock(block, target, plan.kind));
  if (plan.kind !== 'moveEvent') return null;
  const [onlyScope] = plan.scopes;
  if (plan.scopes.length === 1 && onlyScope !== undefined) {
    void fire(moveEvent(plan.event, block, target, onlyScope));
    return null;
  }
  return { block, event: plan.event, target, scopes: plan.scopes };
}

/**
 * A long press picks a block up, by mouse or by touch (our sensors: dnd-kit's swallowed the
 * answer to a scope dialog clicked right after the drop, long-press-sensors.ts).
 */
function useLongPressSensors() {
  return useSensors(
    useSensor(LongPressMouseSensor, longPress),
    useSensor(LongPressTouchSensor, longPress),
  );
}

/** The block just dropped: the click the drop makes must not open its menu. */
function useJustDropped() {
  const justDropped = useRef({ blockId: '', at: 0 });
  const markDropped = useCallback((blockId: string) => {
    justDropped.current = { blockId, at: Date.now() };
  }, []);
  // Only the click the drop itself makes: another block clicked at once still opens its menu.
  const wasJustDragged = useCallback(
    (blockId: string) =>
      justDropped.current.blockId === blockId && Date.now() - justDropped.current.at < 300,
    [],
  );
  return { markDropped, wasJustDragged };
}

/** The scope question of a dropped recurring occurrence; its landing place stays on screen. */
function useScopeQuestion(setPreview: (preview: DragPreview | null) => void) {
  const [pending, setPending] = useState<PendingMove | null>(null);
  const ask = useCallback(
    (question: PendingMove) => {
      setPreview({ blockId: question.block.id, ...question.target });
      setPending(question);
    },
    [setPreview],
  );
  /** The scope question's answer: a scope sends the move, null (cancel) leaves the block. */
  const answer = useCallback(
    (scope: RecurrenceScope | null) => {
      setPending(null);
      setPreview(null);
      if (pending && scope !== null)
        void fire(moveEvent(pending.event, pending.block, pending.target, scope));
    },
    [pending, setPreview],
  );
  return { pending, ask, answer };
}

/**
 * Drag and drop of agenda blocks, shared by the day and week views: a long press (400 ms) picks a
 * block up, the view's layout gives the landing time (snapped to 5 minutes), and the drop locks a
 * future block there (LockTimeblock), corrects a started one (UpdateTimeblock) or moves an event
 * (UpdateEvent) after asking a recurring one's scope.
 */
export function useBlockDrag(options: {
  placeOf: PlaceOf;
  timeZone: string;
  /** A drag began: the view measures its layout. */
  onStart?: (() => void) | undefined;
}) {
  const { placeOf, timeZone, onStart } = options;
  const sensors = useLongPressSensors();
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const [active, setActive] = useState<DragData | null>(null);
  const { pending, ask, answer } = useScopeQuestion(setPreview);
  const { markDropped, wasJustDragged } = useJustDropped();

  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      onStart?.();
      setActive(dataOf(event));
    },
    [onStart],
  );
  const onDragMove = useCallback(
    (event: DragMoveEvent) => {
      const data = dataOf(event);
      const target = data && placeOf(event, data);
      if (!data || !target) return;
      const next = { blockId: data.block.id, ...target };
      setPreview((current) => (samePreview(current, next) ? current : next));
    },
    [placeOf],
  );
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActive(null);
      setPreview(null);
      const data = dataOf(event);
      markDropped(data?.block.id ?? '');
      const target = data && placeOf(event, data);
      if (!data || !target) return;
      const question = sendDrop(data.block, target, timeZone);
      if (question) ask(question);
    },
    [placeOf, timeZone, markDropped, ask],
  );
  const onDragCancel = useCallback(() => {
    setActive(null);
    setPreview(null);
  }, []);
  return {
    sensors,
    preview,
    active,
    pending,
    answer,
    wasJustDragged,
    handlers: { onDragStart, onDragMove, onDragEnd, onDragCancel },
  };
}
