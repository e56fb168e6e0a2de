import { useDraggable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../model/format';
import { BlockCard, type BlockCardProps } from './BlockCard';
import type { DragPreview } from '../drag/drag-state';

export interface DraggableBlockProps extends BlockCardProps {
  canDrag: boolean;
  preview: DragPreview | null;
}

/** A block card that a long press picks up; while dragged it shows where it would land. */
export function DraggableBlock({ canDrag, preview, ...card }: DraggableBlockProps) {
  const { t } = useTranslation('agenda');
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: card.block.id,
    disabled: !canDrag,
    data: { block: card.block },
  });
  const landing = preview && preview.blockId === card.block.id ? preview : null;
  return (
    <Box sx={{ position: 'relative', height: '100%' }}>
      <BlockCard
        {...card}
        dragRef={setNodeRef}
        {...(canDrag && listeners ? { dragProps: listeners } : {})}
        isDragging={isDragging}
        {...(transform
          ? {
              dragStyle: {
                transform: `translate3d(0, ${transform.y}px, 0)`,
                zIndex: 20,
                position: 'relative',
              },
            }
          : {})}
      />
      {isDragging && landing && transform && (
        <Box
          role="status"
          data-testid="drag-preview"
          sx={{
            position: 'absolute',
            insetInlineEnd: 8,
            top: transform.y - 30,
            zIndex: 21,
            px: 1.25,
            py: 0.5,
            borderRadius: 2,
            bgcolor: '#23283a',
            color: '#fff',
            fontSize: 13,
            fontWeight: 600,
            boxShadow: 4,
            pointerEvents: 'none',
          }}
        >
          {t('drag.moveTo', {
            start: formatTime(landing.start, card.env),
            end: formatTime(landing.end, card.env),
          })}
        </Box>
      )}
    </Box>
  );
}
