import { TasksService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { deleteTask, getTasks, putMultipleTasks, putTask } from './tasks-service';

export const tasksMethods: MethodDefinition[] = [
  defineMethod(TasksService.method.getTasks, {
    auth: 'required',
    handler: async (input, ctx) => ({
      tasks: await getTasks(ctx.db, ctx.userId, ctx.now(), input),
    }),
  }),
  defineMethod(TasksService.method.putTask, {
    auth: 'required',
    handler: async (input, ctx) => {
      const task = await putTask(ctx.db, ctx.userId, ctx.now(), input);
      ctx.notify('timelineStateUpdated');
      return { task };
    },
  }),
  defineMethod(TasksService.method.putMultipleTasks, {
    auth: 'required',
    handler: async (input, ctx) => {
      const tasks = await putMultipleTasks(ctx.db, ctx.userId, ctx.now(), input);
      ctx.notify('timelineStateUpdated');
      return { tasks };
    },
  }),
  defineMethod(TasksService.method.deleteTask, {
    auth: 'required',
    handler: async (input, ctx) => {
      await deleteTask(ctx.db, ctx.userId, ctx.now(), input.id);
      ctx.notify('timelineStateUpdated');
      return {};
    },
  }),
  defineMethod(TasksService.method.deleteTaskV2, {
    auth: 'required',
    handler: async (input, ctx) => {
      await deleteTask(ctx.db, ctx.userId, ctx.now(), input.task?.id ?? '', input.deleteType);
      ctx.notify('timelineStateUpdated');
      return {};
    },
  }),
];
