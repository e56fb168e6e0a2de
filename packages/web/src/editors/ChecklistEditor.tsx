import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type DragEndEvent,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import {
  editChecklistItem,
  moveChecklistItem,
  toggleChecklistItem,
  type ChecklistItem,
} from '@planner/core';
import { type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { insertChecklistItemAfter, useLineFocus, type LineFocus } from './checklist-lines';

export interface ChecklistEditorProps {
  /** The editing list (core's checklistForEditing): it ends with the empty adding item. */
  items: readonly ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  disabled?: boolean;
  newId?: () => string;
}

const defaultNewId = () => crypto.randomUUID();

interface RowProps {
  item: ChecklistItem;
  isAddingItem: boolean;
  disabled: boolean;
  onEdit: (content: string) => void;
  onToggle: () => void;
  /** Enter and Backspace in the line (the list's, never the form's). */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef: (input: HTMLInputElement | null) => void;
}

/** The handle an item is dragged (or moved by keyboard) by. */
function DragHandle({
  content,
  disabled,
  sortable,
}: {
  content: string;
  disabled: boolean;
  sortable: ReturnType<typeof useSortable>;
}) {
  const { t } = useTranslation('editors');
  return (
    <IconButton
      size="small"
      aria-label={t('checklist.reorder', { item: content })}
      disabled={disabled}
      sx={{ cursor: 'grab', touchAction: 'none', color: 'text.secondary' }}
      {...sortable.attributes}
      {...sortable.listeners}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
}

function ChecklistRow({ item, isAddingItem, disabled, onEdit, onToggle, ...line }: RowProps) {
  const { t } = useTranslation('editors');
  const sortable = useSortable({ id: item.id, disabled: isAddingItem || disabled });
  return (
    <Box
      ref={sortable.setNodeRef}
      data-checklist-item={isAddingItem ? 'adding' : 'item'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        py: 0.25,
        borderRadius: 2,
        bgcolor: sortable.isDragging ? 'action.selected' : 'transparent',
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : 0,
      }}
    >
      {isAddingItem ? (
        <Box sx={{ width: 40, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
          <AddIcon fontSize="small" />
        </Box>
      ) : (
        <DragHandle content={item.content} disabled={disabled} sortable={sortable} />
      )}
      {!isAddingItem && (
        <Checkbox
          checked={item.done}
          onChange={onToggle}
          disabled={disabled}
          size="small"
          slotProps={{ input: { 'aria-label': t('checklist.done', { item: item.content }) } }}
        />
      )}
      <InputBase
        value={item.content}
        onChange={(event) => onEdit(event.target.value)}
        placeholder={isAddingItem ? t('checklist.add') : ''}
        disabled={disabled}
        fullWidth
        inputRef={line.inputRef}
        inputProps={{
          'aria-label': isAddingItem ? t('checklist.add') : t('checklist.item'),
          enterKeyHint: 'next',
          onKeyDown: line.onKeyDown,
        }}
        sx={{
          flex: 1,
          pl: isAddingItem ? 0 : 0.5,
          textDecoration: item.done ? 'line-through' : 'none',
          color: item.done ? 'text.secondary' : 'text.primary',
        }}
      />
    </Box>
  );
}

/** What a screen reader hears while an item moves: its text and place, in the person's language. */
function useDragAnnouncements(items: readonly ChecklistItem[], sortableIds: readonly string[]) {
  const { t } = useTranslation('editors');
  const named = (id: UniqueIdentifier) => ({
    item: items.find((i) => i.id === id)?.content || t('checklist.item'),
    position: sortableIds.indexOf(String(id)) + 1,
    count: sortableIds.length,
  });
  return {
    screenReaderInstructions: { draggable: t('checklist.dragInstructions') },
    announcements: {
      onDragStart: ({ active }: { active: Active }) => t('checklist.dragStarted', named(active.id)),
      onDragOver: ({ active, over }: { active: Active; over: Over | null }) =>
        over
          ? t('checklist.dragOver', { ...named(over.id), item: named(active.id).item })
          : undefined,
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
        t('checklist.dragDropped', {
          ...named(over?.id ?? active.id),
          item: named(active.id).item,
        }),
      onDragCancel: ({ active }: { active: Active }) =>
        t('checklist.dragCancelled', named(active.id)),
    },
  };
}

/**
 * Enter and Backspace in a line, as checklist apps have them: Enter goes to a new empty item
 * right after the line (the adding field when the line is the last item), Backspace in an empty
 * line removes it (the adding field stays) and goes to the end of the line before. Enter is the
 * list's: it never reaches the form's Enter-saves, nor submits a form.
 */
function useLineKeys(
  items: readonly ChecklistItem[],
  onChange: (items: ChecklistItem[]) => void,
  newId: () => string,
  focus: LineFocus,
) {
  return (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const item = items[index];
    if (!item || (event.key !== 'Enter' && event.key !== 'Backspace')) return;
    if (event.key === 'Enter') event.stopPropagation();
    // An input method (Japanese, Chinese, Korean) ends its composition with Enter: not a new line.
    if (event.nativeEvent.isComposing) return;
    const isEmpty = item.content === '';
    const isAddingItem = index === items.length - 1 && isEmpty;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (isEmpty) return;
      const next = items[index + 1];
      if (next?.content === '') {
        focus.now(next.id, 'start');
        return;
      }
      const id = newId();
      onChange(insertChecklistItemAfter(items, item.id, id));
      focus.afterRender(id, 'start');
      return;
    }
    const previous = items[index - 1];
    if (!isEmpty || !previous) return;
    event.preventDefault();
    if (!isAddingItem) onChange(editChecklistItem(items, item.id, '', newId()));
    focus.now(previous.id, 'end');
  };
}

/**
 * The checklist as core's rules keep it (spec 5): an empty last item for adding, an item whose
 * text is cleared goes, handles drag to reorder (pointer, touch or keyboard), Enter starts the
 * next item.
 */
export function ChecklistEditor({
  items,
  onChange,
  disabled = false,
  newId = defaultNewId,
}: ChecklistEditorProps) {
  const { t } = useTranslation('editors');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const last = items[items.length - 1];
  const sortableIds = items.filter((item) => item !== last || item.content !== '').map((i) => i.id);

  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from >= 0 && to >= 0) onChange(moveChecklistItem(items, from, to));
  }

  const accessibility = useDragAnnouncements(items, sortableIds);
  const focus = useLineFocus();
  const lineKeys = useLineKeys(items, onChange, newId, focus);

  return (
    // The drag announcements' live region sits beside the list: a list holds only its items.
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <Box role="list" aria-label={t('checklist.title')}>
        <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => (
            <Box role="listitem" key={item.id}>
              <ChecklistRow
                item={item}
                isAddingItem={item === last && item.content === ''}
                disabled={disabled}
                onEdit={(content) => onChange(editChecklistItem(items, item.id, content, newId()))}
                onToggle={() => onChange(toggleChecklistItem(items, item.id))}
                onKeyDown={lineKeys(index)}
                inputRef={focus.register(item.id)}
              />
            </Box>
          ))}
        </SortableContext>
      </Box>
    </DndContext>
  );
}
