import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner } from './planning-test-kit';

/*
 * Reads that find no transition due run without the state row lock (docs/timeline-server.md,
 * "Reads and round trips"); controls and edits take it. One person's devices calling at once,
 * on both databases: every call answers, and afterwards every read tells the same story.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const window = { start: TEST_NOW - DAY, end: TEST_NOW + 7 * DAY, version: 4 };

describe('one person calling from several devices at once', () => {
  it('reads beside controls and edits all answer, and agree once the dust settles', async () => {
    const user = await signUpPlanner(server);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      server.clock.advance(1);
      const { task } = await user.client.call('PutTask', {
        task: { title: `Task ${i}`, category: { id: user.categoryId }, timeScheduled: HOUR },
      });
      ids.push(task?.id ?? '');
    }
    const c = user.client;
    for (let round = 0; round < 3; round += 1) {
      server.clock.advance(7 * MINUTE);
      const calls: Promise<unknown>[] = [
        c.call('GetTimelineState'),
        c.call('GetTimeline', window),
        c.call('Next'),
        c.call('GetTasks', { status: 'todo' }),
        c.call('GetTimelineState'),
        c.call('Pause'),
        c.call('GetTimeline', window),
        c.call('PutTask', {
          task: { id: ids[round], title: `Edited ${round}` },
          fields: ['title'],
        }),
        c.call('Pause'),
        c.call('GetTimelineState'),
        c.call('CreateEvent', {
          event: {
            title: `Call ${round}`,
            start: TEST_NOW + (round + 2) * DAY,
            end: TEST_NOW + (round + 2) * DAY + HOUR,
            category: { id: user.categoryId },
          },
        }),
        c.call('GetTimeline', window),
      ];
      const settled = await Promise.allSettled(calls);
      expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    }
    const state = await c.call('GetTimelineState');
    const timeline = await c.call('GetTimeline', window);
    expect(timeline.timelineState).toMatchObject({
      isPaused: state.isPaused,
      timelineUpdatedAt: state.timelineUpdatedAt,
    });
    expect(timeline.timelineState?.currentBlock?.timeblock).toBe(state.currentBlock?.timeblock);
    if (state.currentBlock?.task) {
      const current = timeline.blockContainers.find(
        (b) => b.timeblock?.id === state.currentBlock?.timeblock,
      );
      expect(current?.timeblock?.task?.id).toBe(state.currentBlock.task);
    }
    // Stored blocks never overlap, whatever ran at the same time.
    const stored = timeline.blockContainers
      .map((b) => b.timeblock)
      .filter(
        (b) => b && !b.id.startsWith('planned:') && !b.id.startsWith('event:') && b.end > b.start,
      )
      .sort((a, b) => (a?.start ?? 0) - (b?.start ?? 0));
    for (let i = 1; i < stored.length; i += 1) {
      expect(stored[i]?.start).toBeGreaterThanOrEqual(stored[i - 1]?.end ?? 0);
    }
  });
});
