import { INPUT_BOUNDS } from '@planner/core';
import { TasksService } from '@planner/protocol';
import {
  checklistBounds,
  fieldMaskBounds,
  idBound,
  instant,
  int,
  keywordBound,
  list,
  noteBound,
  recurrenceBounds,
  text,
  titleBound,
} from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { TaskPlanning } from './task-planning';
import { deleteTask, getTasks, putMultipleTasks, putTask } from './tasks-service';

const B = INPUT_BOUNDS;

/** A task as PutTask and PutMultipleTasks take it (a deadline of 0 or less means none). */
const taskBounds = {
  id: idBound,
  title: titleBound,
  category: { id: idBound },
  timeScheduled: int(0, 10 * 365 * 86_400_000),
  deadline: instant({ noneAtOrBelowZero: true }),
  note: noteBound,
  checklist: checklistBounds,
  recurrenceRule: recurrenceBounds,
};

/**
 * The tasks methods. A change re-plans through `planning` (timeline/'s, handed in by app.ts) on
 * the plan the runtime opens for the call, which then tells the user's devices.
 */
export function createTasksMethods(planning: TaskPlanning): MethodDefinition[] {
  return [
    defineMethod(TasksService.method.getTasks, {
      auth: 'required',
      bounds: {
        offset: int(0, 1_000_000),
        limit: int(0, B.listItems),
        status: text(B.fieldNames),
        ids: list(B.listItems, { each: idBound }),
        keyword: keywordBound,
      },
      handler: async (input, ctx) => ({
        tasks: await getTasks(ctx.db, ctx.userId, planning, ctx.now(), input),
      }),
    }),
    defineMethod(TasksService.method.putTask, {
      auth: 'required',
      bounds: { task: taskBounds, fields: fieldMaskBounds, rest: int(0, 86_400_000) },
      replans: true,
      handler: async (input, ctx) => ({
        task: await putTask({ ...ctx, planning }, ctx.now(), input),
      }),
    }),
    defineMethod(TasksService.method.putMultipleTasks, {
      auth: 'required',
      bounds: { req: list(B.listItems, { each: { task: taskBounds, fields: fieldMaskBounds } }) },
      replans: true,
      handler: async (input, ctx) => ({
        tasks: await putMultipleTasks({ ...ctx, planning }, ctx.now(), input),
      }),
    }),
    defineMethod(TasksService.method.deleteTask, {
      auth: 'required',
      bounds: { id: idBound },
      replans: true,
      handler: async (input, ctx) => {
        await deleteTask({ ...ctx, planning }, ctx.now(), input.id);
        return {};
      },
    }),
    defineMethod(TasksService.method.deleteTaskV2, {
      auth: 'required',
      bounds: { task: { id: idBound } },
      replans: true,
      handler: async (input, ctx) => {
        await deleteTask({ ...ctx, planning }, ctx.now(), input.task?.id ?? '', input.deleteType);
        return {};
      },
    }),
  ];
}
