import { INPUT_BOUNDS } from '@planner/core';
import { CalendarService } from '@planner/protocol';
import { publishSyncChange } from '../calendar-sync/synced-events';
import { idBound, instant, list, text, titleBound } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { ServiceDeps } from '../service-deps';
import { listRelations, readHash } from './apple-calendar-repository';
import { replaceRelations, uploadEvents } from './apple-calendar-service';

const { method } = CalendarService;

/** Calendars one user may relate to categories. */
export const MAX_APPLE_RELATIONS = 50;
/** Occurrences in one upload (the shell reads a bounded window of the device's calendars). */
export const MAX_APPLE_EVENTS = 2_000;
/** A device calendar's title (EventKit titles are short; a bound keeps the origin small). */
const CALENDAR_TITLE_CHARS = 200;
/** An occurrence's id: EventKit's identifier plus its start. */
const APPLE_EVENT_ID_CHARS = 300;
const HASH_CHARS = 200;
const ZONE_CHARS = INPUT_BOUNDS.fieldNames * 4;

const calendarTitleBound = text(CALENDAR_TITLE_CHARS);

/** The native shell's Apple calendar bind and upload (issue 19). */
export function createAppleCalendarMethods(deps: ServiceDeps): MethodDefinition[] {
  return [
    defineMethod(method.getAppleCalendarBindRelationship, {
      auth: 'required',
      handler: async (_input, ctx) => ({ relations: await listRelations(ctx.db, ctx.userId) }),
    }),
    defineMethod(method.updateAppleCalendarBindRelationship, {
      auth: 'required',
      bounds: {
        relations: list(MAX_APPLE_RELATIONS, {
          each: { calendarTitle: calendarTitleBound, categoryId: idBound },
        }),
      },
      handler: async (input, ctx) => {
        const { userId, requestId } = ctx;
        const now = ctx.now();
        const changed = await replaceRelations(ctx.db, userId, input.relations, now, requestId);
        if (changed) ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
        return {};
      },
    }),
    defineMethod(method.getServerAppleCalendarHashVersion, {
      auth: 'required',
      handler: async (_input, ctx) => ({ hash: await readHash(ctx.db, ctx.userId) }),
    }),
    defineMethod(method.uploadAppleCalendarEvents, {
      auth: 'required',
      bounds: {
        events: list(MAX_APPLE_EVENTS, {
          each: {
            id: text(APPLE_EVENT_ID_CHARS),
            calendarTitle: calendarTitleBound,
            title: titleBound,
            start: instant(),
            end: instant({ after: { field: 'start' } }),
            timezone: text(ZONE_CHARS),
          },
        }),
        hash: text(HASH_CHARS),
      },
      handler: async (input, ctx) => {
        const counts = await uploadEvents(ctx.db, ctx.userId, input, ctx.now(), ctx.requestId);
        if (counts.added + counts.updated + counts.removed > 0) {
          ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
        }
        return { hash: input.hash };
      },
    }),
  ];
}
