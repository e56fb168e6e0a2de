import { TimelineService } from '@planner/protocol';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
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

export const timelineMethods: MethodDefinition[] = [
  defineMethod(m.getTimeline, {
    auth: 'required',
    handler: (input, ctx) => getTimeline(ctx, input),
  }),
  defineMethod(m.getTimelineState, {
    auth: 'required',
    handler: (_input, ctx) => getTimelineState(ctx),
  }),
  defineMethod(m.setTimelineState, {
    auth: 'required',
    handler: (input, ctx) => setTimelineState(ctx, input),
  }),
  defineMethod(m.pause, { auth: 'required', handler: (_input, ctx) => pause(ctx) }),
  defineMethod(m.next, { auth: 'required', handler: (_input, ctx) => goNext(ctx) }),
  defineMethod(m.shuffle, { auth: 'required', handler: (_input, ctx) => shuffle(ctx) }),
  defineMethod(m.organizeTimeblocks, {
    auth: 'required',
    handler: (input, ctx) => organizeTimeblocks(ctx, input),
  }),
  defineMethod(m.addTimeblock, {
    auth: 'required',
    handler: async (input, ctx) => ({ timeblock: await addTimeblock(ctx, input) }),
  }),
  defineMethod(m.updateTimeblock, {
    auth: 'required',
    handler: async (input, ctx) => ({ timeblock: await updateTimeblock(ctx, input) }),
  }),
  defineMethod(m.lockTimeblock, {
    auth: 'required',
    handler: async (input, ctx) => ({ timeblock: await lockTimeblock(ctx, input) }),
  }),
  defineMethod(m.unlockTimeblock, {
    auth: 'required',
    handler: async (input, ctx) => ({ timeblock: await unlockTimeblock(ctx, input) }),
  }),
  defineMethod(m.getTaskTimeblocks, {
    auth: 'required',
    handler: async (input, ctx) => ({ timeblocks: await getTaskTimeblocks(ctx, input) }),
  }),
];
