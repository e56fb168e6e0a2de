import { DndContext } from '@dnd-kit/core';
import { createContext, useContext, type ReactNode, type RefObject } from 'react';
import { DraggableBlock as Draggable, type DraggableBlockProps } from './DraggableBlock';
import { keepInWindow, useDayDrag, type DragPreview } from './use-day-drag';

interface DragState {
  preview: DragPreview | null;
  wasJustDragged: () => boolean;
}

const DragStateContext = createContext<DragState>({ preview: null, wasJustDragged: () => false });

/**
 * Drag and drop of the day view. It loads after the first paint (the agenda is readable and
 * clickable before), then wraps the days and makes the blocks draggable.
 */
export function DndLayer({
  container,
  children,
}: {
  container: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const drag = useDayDrag(container);
  return (
    <DragStateContext.Provider
      value={{ preview: drag.preview, wasJustDragged: drag.wasJustDragged }}
    >
      <DndContext sensors={drag.sensors} modifiers={[keepInWindow]} {...drag.handlers}>
        {children}
      </DndContext>
    </DragStateContext.Provider>
  );
}

/** A block card that can be dragged; a click right after a drop does not open its menu. */
export function DraggableBlock(props: Omit<DraggableBlockProps, 'preview'>) {
  const { preview, wasJustDragged } = useContext(DragStateContext);
  return (
    <Draggable
      {...props}
      preview={preview}
      onOpen={(anchor, block) => {
        if (!wasJustDragged()) props.onOpen(anchor, block);
      }}
    />
  );
}
