import { createContext, useContext } from 'react';

/** Where the dragged block would land now. */
export interface DragPreview {
  blockId: string;
  start: number;
  end: number;
}

export interface DragState {
  /** The landing place while a block is dragged, or while a drop waits for its scope. */
  preview: DragPreview | null;
  /** A click on the dropped block right after its drop belongs to the drag, not to the block. */
  wasJustDragged: (blockId: string) => boolean;
}

// Kept apart from the drag layer, which loads after the first paint: the views read it.
export const DragStateContext = createContext<DragState>({
  preview: null,
  wasJustDragged: () => false,
});

export function useDragState(): DragState {
  return useContext(DragStateContext);
}
