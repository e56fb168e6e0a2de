import type { ReactNode, RefObject } from 'react';
import { BlockDragLayer } from '../drag/BlockDragLayer';
import { useDragState } from '../drag/drag-state';
import { keepInWindow } from '../drag/use-block-drag';
import type { AgendaItems } from '../model/agenda-block';
import type { AgendaEnv } from '../use-agenda-env';
import { DraggableBlock as Draggable, type DraggableBlockProps } from './DraggableBlock';
import { useDayPlace } from './use-day-drag';

const modifiers = [keepInWindow({ isHorizontal: false })];

/** Drag and drop of the day view: blocks move up and down the timeline. */
export function DndLayer({
  container,
  env,
  items,
  children,
}: {
  container: RefObject<HTMLElement | null>;
  env: AgendaEnv;
  items: AgendaItems;
  children: ReactNode;
}) {
  const place = useDayPlace(container);
  return (
    <BlockDragLayer
      env={env}
      items={items}
      placeOf={place.placeOf}
      onStart={place.onStart}
      modifiers={modifiers}
    >
      {children}
    </BlockDragLayer>
  );
}

/** A block card that can be dragged; a click right after a drop does not open its menu. */
export function DraggableBlock(props: Omit<DraggableBlockProps, 'preview'>) {
  const { preview, wasJustDragged } = useDragState();
  return (
    <Draggable
      {...props}
      preview={preview}
      onOpen={(anchor, block) => {
        if (!wasJustDragged(block.id)) props.onOpen(anchor, block);
      }}
    />
  );
}
