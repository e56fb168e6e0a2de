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
import { useTranslation } from 'react-i18next';

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

function ChecklistRow({ item, isAddingItem, disabled, onEdit, onToggle }: RowProps) {
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
        inputProps={{
          'aria-label': isAddingItem ? t('checklist.add') : t('checklist.item'),
          onKeyDown: (event: React.KeyboardEvent) => {
            // Enter in a checklist line is for the list, not the form's Enter-saves.
            if (event.key === 'Enter') event.stopPropagation();
          },
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
 * The checklist as core's rules keep it (spec 5): an empty last item for adding, an item whose
 * text is cleared goes, handles drag to reorder (pointer, touch or keyboard).
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
          {items.map((item) => (
            <Box role="listitem" key={item.id}>
              <ChecklistRow
                item={item}
                isAddingItem={item === last && item.content === ''}
                disabled={disabled}
                onEdit={(content) => onChange(editChecklistItem(items, item.id, content, newId()))}
                onToggle={() => onChange(toggleChecklistItem(items, item.id))}
              />
            </Box>
          ))}
        </SortableContext>
      </Box>
    </DndContext>
  );
}
