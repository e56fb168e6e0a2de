import { INPUT_BOUNDS, MAX_EVENT_NOTIFICATIONS } from '@planner/core';
import { EventsService, type Event as WireEvent, type Plain } from '@planner/protocol';
import {
  checklistBounds,
  fieldMaskBounds,
  idBound,
  int,
  keywordBound,
  list,
  noteBound,
  recurrenceBounds,
  text,
  titleBound,
  type Fields,
} from '../rpc/bounds';
import type { AuthedContext } from '../rpc/context';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid } from '../rpc/errors';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { valuesFromWire } from './event-input';
import type { InstanceRef } from './event-locate';
import { presentEvent } from './event-presenter';
import {
  checkApiVersion,
  createEvent,
  deleteEvent,
  getEvent,
  searchEvent,
  updateEvent,
  type EventCaller,
} from './events-service';

const { method } = EventsService;

async function callerOf(ctx: AuthedContext): Promise<EventCaller> {
  const { timezone } = await loadPlanningProfile(ctx.db, ctx.userId, ctx.now());
  return { db: ctx.db, userId: ctx.userId, now: ctx.now(), timeZone: timezone };
}

function required(event: Plain<WireEvent> | undefined, name: string): Plain<WireEvent> {
  if (!event) throw invalid(`field "${name}": required`);
  return event;
}

function refOf(event: Plain<WireEvent>): InstanceRef {
  return { id: event.id, instanceNumber: event.instanceNumber };
}

/**
 * An event as a client sends it. Its instants and travel times are checked with the event's
 * other rules (event-input.ts), whose messages the editor knows.
 */
const eventBounds: Fields<Plain<WireEvent>> = {
  id: idBound,
  title: titleBound,
  category: { id: idBound },
  notifications: list(MAX_EVENT_NOTIFICATIONS, { key: 'invalid.tooManyNotifications' }),
  recurrenceRule: recurrenceBounds,
  timezone: text(INPUT_BOUNDS.fieldNames * 4),
  note: noteBound,
  checklist: checklistBounds,
  rootId: idBound,
  instanceNumber: int(0, 1_000_000),
};
const refBounds: Fields<Plain<WireEvent>> = { id: idBound, rootId: idBound };

/** The events methods of planning-core spec section 7. */
export const eventsMethods: readonly MethodDefinition[] = [
  defineMethod(method.createEvent, {
    auth: 'required',
    changes: ['timelineStateUpdated'],
    bounds: { event: eventBounds },
    handler: async (input, ctx) => {
      const values = valuesFromWire(required(input.event, 'event'));
      const created = await createEvent(await callerOf(ctx), values);
      return { event: presentEvent(created) };
    },
  }),
  defineMethod(method.updateEvent, {
    auth: 'required',
    changes: ['timelineStateUpdated'],
    bounds: { newEvent: eventBounds, oldEvent: refBounds, fields: fieldMaskBounds },
    handler: async (input, ctx) => {
      checkApiVersion(input.apiVersion);
      const oldEvent = required(input.oldEvent, 'oldEvent');
      const updated = await updateEvent(await callerOf(ctx), {
        ref: refOf(oldEvent),
        incoming: valuesFromWire(required(input.newEvent, 'newEvent')),
        fields: input.fields,
        updateType: input.updateType,
      });
      return { event: presentEvent(updated) };
    },
  }),
  defineMethod(method.deleteEvent, {
    auth: 'required',
    changes: ['timelineStateUpdated'],
    bounds: { event: refBounds },
    handler: async (input, ctx) => {
      checkApiVersion(input.apiVersion);
      const event = required(input.event, 'event');
      await deleteEvent(await callerOf(ctx), refOf(event), input.updateType);
      return {};
    },
  }),
  defineMethod(method.getEvent, {
    auth: 'required',
    bounds: { event: refBounds },
    handler: async (input, ctx) => {
      const { instance, note } = await getEvent(
        await callerOf(ctx),
        refOf(required(input.event, 'event')),
      );
      return { event: presentEvent(instance, note) };
    },
  }),
  defineMethod(method.searchEvent, {
    auth: 'required',
    bounds: { keyword: keywordBound },
    handler: async (input, ctx) => {
      const found = await searchEvent(await callerOf(ctx), input.keyword);
      return { events: found.map((e) => presentEvent(e)) };
    },
  }),
];
