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

export const tasksMethods: MethodDefinition[] = [
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
      tasks: await getTasks(ctx.db, ctx.userId, ctx.now(), input),
    }),
  }),
  defineMethod(TasksService.method.putTask, {
    auth: 'required',
    bounds: { task: taskBounds, fields: fieldMaskBounds, rest: int(0, 86_400_000) },
    handler: async (input, ctx) => {
      const task = await putTask(ctx.db, ctx.userId, ctx.now(), input);
      ctx.notify('timelineStateUpdated');
      return { task };
    },
  }),
  defineMethod(TasksService.method.putMultipleTasks, {
    auth: 'required',
    bounds: { req: list(B.listItems, { each: { task: taskBounds, fields: fieldMaskBounds } }) },
    handler: async (input, ctx) => {
      const tasks = await putMultipleTasks(ctx.db, ctx.userId, ctx.now(), input);
      ctx.notify('timelineStateUpdated');
      return { tasks };
    },
  }),
  defineMethod(TasksService.method.deleteTask, {
    auth: 'required',
    bounds: { id: idBound },
    handler: async (input, ctx) => {
      await deleteTask(ctx.db, ctx.userId, ctx.now(), input.id);
      ctx.notify('timelineStateUpdated');
      return {};
    },
  }),
  defineMethod(TasksService.method.deleteTaskV2, {
    auth: 'required',
    bounds: { task: { id: idBound } },
    handler: async (input, ctx) => {
      await deleteTask(ctx.db, ctx.userId, ctx.now(), input.task?.id ?? '', input.deleteType);
      ctx.notify('timelineStateUpdated');
      return {};
    },
  }),
];
