import type { TaskPlanning } from '../tasks/task-planning';
import { toPlanningTask } from '../tasks/task';
import { deleteTaskBlocks } from '../plan-store/timeline-repository';
import { completeTask, startTaskNow, takeRest } from './controls';
import { sessionOf } from './planner';
import { together } from '../db/together';
import { loadTaskExtras, taskExtrasReads } from './task-extras';
import { newBlockId, openTimelineWith, saveTimeline } from './timeline-session';
import { currentBlock, dropBlock } from './world';

/** The tasks domain's planning port, on the timeline's state machine (handed over by app.ts). */
export const taskPlanning: TaskPlanning = {
  completed(plan, taskId, restMs) {
    const { now, world } = sessionOf(plan);
    // The break follows the session the task held (spec 4): a task done while another runs, or
    // while nothing does, leaves the current block as it is.
    const heldSession = currentBlock(world)?.taskId === taskId;
    completeTask(world, taskId, now);
    if (restMs > 0 && heldSession) takeRest(world, now, restMs, newBlockId);
  },
  saved(plan, task) {
    const { world } = sessionOf(plan);
    if (task.isCompleted) world.tasks.delete(task.id);
    else world.tasks.set(task.id, toPlanningTask(task));
  },
  startNow(plan, taskId) {
    const session = sessionOf(plan);
    startTaskNow(session.world, session.settings, taskId, session.now, newBlockId);
  },
  async deleted(plan, taskId) {
    const { db, userId, world } = sessionOf(plan);
    if (
      world.state.currentBlockId &&
      world.blocks.get(world.state.currentBlockId)?.taskId === taskId
    ) {
      world.state.currentBlockId = '';
      world.changes.state = true;
    }
    for (const block of [...world.blocks.values()])
      if (block.taskId === taskId) dropBlock(world, block.id);
    world.tasks.delete(taskId);
    await deleteTaskBlocks(db, userId, taskId);
  },
  seriesState(plan) {
    const session = sessionOf(plan);
    return { state: session.world.state, timeZone: session.profile.timezone };
  },
  storedExtras: (db, userId, taskIds, now) => loadTaskExtras(db, userId, taskIds, now, null),
  async storedExtrasWith(db, userId, taskIds, now, first) {
    const reads = taskExtrasReads(db, userId, taskIds, now, null);
    const [value, ...extras] = await together(db, [first, ...reads.statements]);
    return [value, reads.finish(extras)];
  },
  async plannedExtrasWith(db, userId, now, first, taskIdsOf) {
    const [session, value] = await openTimelineWith(db, userId, now, first);
    const { plan } = await saveTimeline(session);
    return [value, await loadTaskExtras(db, userId, taskIdsOf(value), now, { session, plan })];
  },
};
