import type { TimelineBlock, TravelSource } from '@planner/core';
import type { WireContainer, WireEventInstance, WireTask } from '../types';

export type BlockKind = 'task' | 'event' | 'rest' | 'travel' | 'locked' | 'unknown';

/** A timeline block with what the agenda shows about it. */
export interface AgendaBlock extends TimelineBlock {
  kind: BlockKind;
  /** Why it is not planned ("horizon" or "taskLimit"); empty for planned and stored blocks. */
  locking: string;
  taskData?: WireTask;
  eventData?: WireEventInstance;
}

/** Stored and planned blocks carry a task; event instances an event; rests neither. */
export function toAgendaBlock(container: WireContainer): AgendaBlock | null {
  const block = container.timeblock;
  if (!block) return null;
  const event = container.event;
  const taskId = block.task?.id || undefined;
  const eventId = block.event || event?.id || undefined;
  const kind: BlockKind = block.locking
    ? 'locked'
    : block.isRest
      ? 'rest'
      : eventId
        ? 'event'
        : taskId
          ? 'task'
          : 'unknown';
  return {
    id: block.id,
    ...(taskId ? { task: taskId } : {}),
    ...(eventId ? { event: eventId } : {}),
    start: block.start,
    end: block.end,
    fixed: block.fixed,
    isRest: block.isRest,
    kind,
    locking: block.locking,
    ...(block.task ? { taskData: block.task } : {}),
    ...(event ? { eventData: event } : {}),
  };
}

export interface AgendaItems {
  blocks: AgendaBlock[];
  /** Timed event instances, for their travel blocks. */
  travelSources: TravelSource[];
  allDayEvents: WireEventInstance[];
  tasks: Map<string, WireTask>;
  events: Map<string, WireEventInstance>;
}

/** Splits GetTimeline's containers into timed blocks, all-day events and lookups by id. */
export function agendaItems(containers: readonly WireContainer[]): AgendaItems {
  const items: AgendaItems = {
    blocks: [],
    travelSources: [],
    allDayEvents: [],
    tasks: new Map(),
    events: new Map(),
  };
  for (const container of containers) {
    const block = toAgendaBlock(container);
    if (!block) continue;
    if (block.taskData) items.tasks.set(block.taskData.id, block.taskData);
    const event = block.eventData;
    if (event) {
      items.events.set(event.id, event);
      if (event.allDay) {
        items.allDayEvents.push(event);
        continue;
      }
      items.travelSources.push({
        id: event.id,
        start: event.start,
        end: event.end,
        travelTop: event.travelTop,
        travelBottom: event.travelBottom,
        instanceNumber: event.instanceNumber,
      });
    }
    items.blocks.push(block);
  }
  return items;
}

/** What the block stands for, by id lookups (travel blocks only name their event). */
export function blockTitle(block: TimelineBlock, items: Pick<AgendaItems, 'tasks' | 'events'>) {
  if (block.task) return items.tasks.get(block.task)?.title ?? '';
  if (block.event) return items.events.get(block.event)?.title ?? '';
  return '';
}

export function blockColor(
  block: TimelineBlock,
  items: Pick<AgendaItems, 'tasks' | 'events'>,
): string | undefined {
  if (block.task) return items.tasks.get(block.task)?.category?.color || undefined;
  if (block.event) return items.events.get(block.event)?.category?.color || undefined;
  return undefined;
}

export function isSyncedEvent(block: AgendaBlock): boolean {
  return Boolean(block.eventData?.source);
}
