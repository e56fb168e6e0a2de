import { INPUT_BOUNDS } from '@planner/core';
import { RemindersService, type Plain, type Reminder as WireReminder } from '@planner/protocol';
import {
  fieldMaskBounds,
  idBound,
  instant,
  recurrenceBounds,
  text,
  titleBound,
  type Fields,
} from '../rpc/bounds';
import type { AuthedContext } from '../rpc/context';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid } from '../rpc/errors';
import { loadPlanningProfile } from '../accounts/planning-profile';
import { reminderValuesFromWire } from './reminder-input';
import { presentReminder } from './reminder-presenter';
import {
  cleanOverdueReminders,
  createReminder,
  deleteReminder,
  getOverdueReminders,
  getReminders,
  toggleThisReminder,
  updateReminder,
  type ReminderCaller,
} from './reminders-service';

const { method } = RemindersService;

async function callerOf(ctx: AuthedContext): Promise<ReminderCaller> {
  const { timezone } = await loadPlanningProfile(ctx.db, ctx.userId, ctx.now());
  return { db: ctx.db, userId: ctx.userId, now: ctx.now(), timeZone: timezone };
}

function required(reminder: Plain<WireReminder> | undefined): Plain<WireReminder> {
  if (!reminder) throw invalid('field "reminder": required');
  return reminder;
}

/** A reminder as a client sends it; an origin of 0 means "the start given". */
const reminderBounds: Fields<Plain<WireReminder>> = {
  id: idBound,
  instanceId: text(INPUT_BOUNDS.idChars * 2),
  title: titleBound,
  start: instant(),
  timezone: text(INPUT_BOUNDS.fieldNames * 4),
  origin: instant({ zeroMeansUnset: true }),
  recurrenceRule: recurrenceBounds,
};
/** An occurrence named by id and origin (or start when origin is 0). */
const occurrenceBounds = {
  id: idBound,
  start: instant({ zeroMeansUnset: true }),
  origin: instant({ zeroMeansUnset: true }),
};

/** The reminders methods of planning-core spec section 7. */
export const remindersMethods: readonly MethodDefinition[] = [
  defineMethod(method.getReminders, {
    auth: 'required',
    bounds: {
      start: instant(),
      end: instant({ after: { field: 'start', maxSpanMs: INPUT_BOUNDS.reminderWindowMs } }),
    },
    handler: async (input, ctx) => ({
      reminders: (await getReminders(await callerOf(ctx), input.start, input.end)).map(
        presentReminder,
      ),
    }),
  }),
  defineMethod(method.getOverdueReminders, {
    auth: 'required',
    handler: async (_input, ctx) => ({
      reminders: (await getOverdueReminders(await callerOf(ctx))).map(presentReminder),
    }),
  }),
  defineMethod(method.cleanOverdueReminders, {
    auth: 'required',
    // Announced only when something was cleaned.
    mayChange: { reminderStateUpdated: 'record' },
    handler: async (_input, ctx) => {
      if ((await cleanOverdueReminders(await callerOf(ctx))) > 0) {
        ctx.changed('reminderStateUpdated');
      }
      return {};
    },
  }),
  defineMethod(method.createReminder, {
    auth: 'required',
    changes: ['reminderStateUpdated'],
    bounds: { reminder: reminderBounds },
    handler: async (input, ctx) => {
      const values = reminderValuesFromWire(required(input.reminder));
      const created = await createReminder(await callerOf(ctx), values);
      return { reminder: presentReminder(created) };
    },
  }),
  defineMethod(method.updateReminder, {
    auth: 'required',
    changes: ['reminderStateUpdated'],
    bounds: { reminder: reminderBounds, fields: fieldMaskBounds },
    handler: async (input, ctx) => {
      const reminder = required(input.reminder);
      const updated = await updateReminder(await callerOf(ctx), {
        id: reminder.id,
        origin: reminder.origin,
        incoming: reminderValuesFromWire(reminder),
        type: input.type,
        fields: input.fields,
      });
      return { reminder: presentReminder(updated) };
    },
  }),
  defineMethod(method.toggleThisReminder, {
    auth: 'required',
    changes: ['reminderStateUpdated'],
    bounds: occurrenceBounds,
    handler: async (input, ctx) => {
      await toggleThisReminder(await callerOf(ctx), input);
      return {};
    },
  }),
  defineMethod(method.deleteReminder, {
    auth: 'required',
    changes: ['reminderStateUpdated'],
    bounds: occurrenceBounds,
    handler: async (input, ctx) => {
      await deleteReminder(await callerOf(ctx), input);
      return {};
    },
  }),
];
