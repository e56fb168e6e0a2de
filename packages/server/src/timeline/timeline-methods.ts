import { INPUT_BOUNDS } from '@planner/core';
import { TimelineService } from '@planner/protocol';
import { idBound, instant, int, titleBound } from '../rpc/bounds';
import { defineMethod, type MayChange, type MethodDefinition } from '../rpc/define-method';
import {
  addTimeblock,
  getTaskTimeblocks,
  lockTimeblock,
  unlockTimeblock,
  updateTimeblock,
} from './block-edits';
import {
  getTimelineState,
  goNext,
  organizeTimeblocks,
  pause,
  setTimelineState,
  shuffle,
} from './timeline-service';
import { getTimeline } from './timeline-view';

const m = TimelineService.method;
const B = INPUT_BOUNDS;

/** A block as AddTimeblock and the edits take it: its task by id, or a new task's title. */
const blockBounds = {
  timeblock: {
    id: idBound,
    task: { id: idBound, title: titleBound, category: { id: idBound } },
    start: instant(),
    end: instant({ after: { field: 'start', maxSpanMs: B.blockSpanMs } }),
  },
};

/**
 * Every call but GetTaskTimeblocks brings the timeline up to now and saves it; the save moves
 * timelineUpdatedAt when something a client shows changed and reports it, to be announced.
 */
const saves: MayChange = { timelineStateUpdated: 'announce' };

export const timelineMethods: MethodDefinition[] = [
  defineMethod(m.getTimeline, {
    auth: 'required',
    mayChange: saves,
    bounds: {
      start: instant(),
      end: instant({ after: { field: 'start', maxSpanMs: B.timelineWindowMs } }),
    },
    handler: (input, ctx) => getTimeline(ctx, input),
  }),
  defineMethod(m.getTimelineState, {
    auth: 'required',
    mayChange: saves,
    handler: (_input, ctx) => getTimelineState(ctx),
  }),
  defineMethod(m.setTimelineState, {
    auth: 'required',
    mayChange: saves,
    handler: (input, ctx) => setTimelineState(ctx, input),
  }),
  defineMethod(m.pause, {
    auth: 'required',
    mayChange: saves,
    handler: (_input, ctx) => pause(ctx),
  }),
  defineMethod(m.next, {
    auth: 'required',
    mayChange: saves,
    handler: (_input, ctx) => goNext(ctx),
  }),
  defineMethod(m.shuffle, {
    auth: 'required',
    mayChange: saves,
    handler: (_input, ctx) => shuffle(ctx),
  }),
  defineMethod(m.organizeTimeblocks, {
    auth: 'required',
    mayChange: saves,
    bounds: { rest: int(0, 86_400_000), nextTask: idBound },
    handler: (input, ctx) => organizeTimeblocks(ctx, input),
  }),
  defineMethod(m.addTimeblock, {
    auth: 'required',
    mayChange: saves,
    bounds: blockBounds,
    handler: async (input, ctx) => ({ timeblock: await addTimeblock(ctx, input) }),
  }),
  defineMethod(m.updateTimeblock, {
    auth: 'required',
    mayChange: saves,
    bounds: blockBounds,
    handler: async (input, ctx) => ({ timeblock: await updateTimeblock(ctx, input) }),
  }),
  defineMethod(m.lockTimeblock, {
    auth: 'required',
    mayChange: saves,
    bounds: blockBounds,
    handler: async (input, ctx) => ({ timeblock: await lockTimeblock(ctx, input) }),
  }),
  defineMethod(m.unlockTimeblock, {
    auth: 'required',
    mayChange: saves,
    bounds: blockBounds,
    handler: async (input, ctx) => ({ timeblock: await unlockTimeblock(ctx, input) }),
  }),
  defineMethod(m.getTaskTimeblocks, {
    auth: 'required',
    bounds: {
      taskId: idBound,
      before: instant({ zeroMeansUnset: true }),
      limit: int(0, B.timeblockPage),
    },
    handler: async (input, ctx) => ({ timeblocks: await getTaskTimeblocks(ctx, input) }),
  }),
];
