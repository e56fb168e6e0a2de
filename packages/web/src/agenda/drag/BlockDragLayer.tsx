import { DndContext, type AutoScrollOptions, type Modifier } from '@dnd-kit/core';
import type { RecurrenceScope } from '@planner/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScopeDialog } from '../../editors/ScopeDialog';
import { blockTitle, type AgendaItems } from '../model/agenda-block';
import { formatDate, formatTime } from '../model/format';
import type { AgendaEnv } from '../use-agenda-env';
import { dragAnnouncements } from './drag-announcements';
import { DragStateContext } from './drag-state';
import { useBlockDrag, type DragData, type PendingMove, type PlaceOf } from './use-block-drag';

export interface BlockDragLayerProps {
  env: AgendaEnv;
  items: Pick<AgendaItems, 'tasks' | 'events'>;
  placeOf: PlaceOf;
  onStart?: () => void;
  modifiers: Modifier[];
  autoScroll?: AutoScrollOptions;
  /** What follows the pointer while a block is dragged (the week view's overlay). */
  renderOverlay?: (active: DragData | null) => ReactNode;
  children: ReactNode;
}

/**
 * Drag and drop of a view's blocks (it loads after the first paint: the agenda is readable and
 * clickable before). Holds the landing place the blocks show, and asks the scope when an
 * occurrence of a recurring event is dropped.
 */
export function BlockDragLayer(props: BlockDragLayerProps) {
  const { t } = useTranslation('agenda');
  const drag = useBlockDrag({
    placeOf: props.placeOf,
    timeZone: props.env.timeZone,
    onStart: props.onStart,
  });
  return (
    <DragStateContext.Provider
      value={{ preview: drag.preview, wasJustDragged: drag.wasJustDragged }}
    >
      <DndContext
        sensors={drag.sensors}
        modifiers={props.modifiers}
        accessibility={dragAnnouncements(t, props.items)}
        {...(props.autoScroll ? { autoScroll: props.autoScroll } : {})}
        {...drag.handlers}
      >
        {props.children}
        {props.renderOverlay?.(drag.active)}
      </DndContext>
      {drag.pending && (
        // The scope strings live with the editors; they load with the question.
        <Suspense fallback={null}>
          <MoveScopeDialog
            pending={drag.pending}
            env={props.env}
            items={props.items}
            onAnswer={drag.answer}
          />
        </Suspense>
      )}
    </DragStateContext.Provider>
  );
}

function MoveScopeDialog(props: {
  pending: PendingMove;
  env: AgendaEnv;
  items: BlockDragLayerProps['items'];
  onAnswer: (scope: RecurrenceScope | null) => void;
}) {
  const { t } = useTranslation('agenda');
  const { pending, env } = props;
  const { start, end } = pending.target;
  return (
    <ScopeDialog
      open
      action="update"
      scopes={pending.scopes}
      description={t('drag.scopeMove', {
        title: blockTitle(pending.block, props.items) || t('untitled'),
        day: formatDate(start, env, { weekday: 'long', month: 'long', day: 'numeric' }),
        start: formatTime(start, env),
        end: formatTime(end, env),
      })}
      onChoose={(scope) => props.onAnswer(scope)}
      onCancel={() => props.onAnswer(null)}
    />
  );
}
