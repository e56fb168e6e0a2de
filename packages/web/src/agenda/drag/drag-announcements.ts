import type { Active, Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import { blockTitle, type AgendaItems } from '../model/agenda-block';
import type { DragData } from './use-block-drag';

/**
 * What a screen reader hears while a block is dragged, in the person's language (dnd-kit's own
 * are English and name blocks by id): the block's title when it is picked up, dropped or put back.
 */
export function dragAnnouncements(
  t: TFunction<'agenda'>,
  items: Pick<AgendaItems, 'tasks' | 'events'>,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const title = (active: Active) => {
    const data = active.data.current as DragData | undefined;
    return (data && blockTitle(data.block, items)) || t('untitled');
  };
  return {
    screenReaderInstructions: { draggable: t('drag.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('drag.started', { title: title(active) }),
      onDragOver: () => undefined,
      onDragEnd: ({ active }) => t('drag.dropped', { title: title(active) }),
      onDragCancel: ({ active }) => t('drag.cancelled', { title: title(active) }),
    },
  };
}
