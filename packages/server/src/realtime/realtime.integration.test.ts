import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../testing/test-server';
import { openStream } from './stream-reader';
import { HOUR, signUpPlanner } from '../timeline/planning-test-kit';
import { TimelineTimer } from '../timeline/timeline-timer';
import { createRealtimeHub, LocalRealtimeHub, type RealtimeMessage } from './realtime-hub';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('GET /api/events', () => {
  it('refuses a missing or wrong token with code 16', async () => {
    const none = await fetch(`${server.url}/api/events`);
    expect(none.status).toBe(401);
    expect(none.headers.get('error-code')).toBe('16');
    const wrong = await fetch(`${server.url}/api/events`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses a token in the URL, where proxies and history would keep it', async () => {
    const user = await signUpPlanner(server);
    const inUrl = await fetch(`${server.url}/api/events?token=${user.token}`);
    expect(inUrl.status).toBe(401);
    expect(server.logs.join('\n')).not.toContain(user.token);
  });

  it("pushes the user's changes to their open streams, and only theirs", async () => {
    const alice = await signUpPlanner(server);
    const bob = await signUpPlanner(server);
    const mine = await openStream(server.url, alice.token);
    const byHeader = await openStream(server.url, alice.token);
    const theirs = await openStream(server.url, bob.token);
    expect(mine.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await mine.waitFor(1)).toEqual(['ready']);
    await alice.client.call('PutTask', {
      task: { title: 'Push me', category: { id: alice.categoryId } },
    });
    await alice.client.call('SetTimelineState', { autoExtend: false });
    expect(await mine.waitFor(3)).toEqual([
      'ready',
      'timelineStateUpdated',
      'timelineStateUpdated',
    ]);
    expect(await byHeader.waitFor(3)).toEqual([
      'ready',
      'timelineStateUpdated',
      'timelineStateUpdated',
    ]);
    expect(await theirs.waitFor(1)).toEqual(['ready']);
    await Promise.all([mine.close(), byHeader.close(), theirs.close()]);
  });
});

/** A session timer watching the user, with what it pushed; `stop` ends it and resets the clock. */
function watchWithTimer(userId: string) {
  const hub = new LocalRealtimeHub();
  const received: RealtimeMessage[] = [];
  hub.subscribe(userId, (m) => received.push(m));
  const timer = new TimelineTimer(server.database.db, hub, server.clock);
  const unwatch = timer.watch(userId);
  const stop = () => {
    unwatch();
    timer.close();
    server.clock.set(TEST_NOW);
  };
  return { timer, received, stop };
}

describe('the session timer', () => {
  it('advances a watched user at the transition and pushes it', async () => {
    const user = await signUpPlanner(server);
    await user.client.call('PutTask', {
      task: { title: 'One hour', category: { id: user.categoryId }, timeScheduled: HOUR },
    });
    const { timer, received, stop } = watchWithTimer(user.userId);
    try {
      expect(await timer.run(user.userId)).toBe(false);
      server.clock.set(TEST_NOW + HOUR + 1);
      expect(await timer.run(user.userId)).toBe(true);
      expect(received.map((m) => m.type)).toContain('timelineStateUpdated');
      const state = await user.client.call('GetTimelineState');
      expect(state.currentBlock?.end).toBe(TEST_NOW + 90 * 60_000);
    } finally {
      stop();
    }
  });
});

describe('the session timer and recurring tasks', () => {
  it("makes a recurring task's next instance when it arrives, and pushes it", async () => {
    const user = await signUpPlanner(server);
    const { task } = await user.client.call('PutTask', {
      task: {
        title: 'Water plants',
        category: { id: user.categoryId },
        timeScheduled: HOUR,
        recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
        expectedStart: TEST_NOW + HOUR,
      },
    });
    // Paused, nothing else happens on the timeline: the new instance is the only change.
    await user.client.call('Pause');
    const { timer, received, stop } = watchWithTimer(user.userId);
    try {
      server.clock.set(TEST_NOW + 24 * HOUR);
      expect(await timer.run(user.userId)).toBe(false);
      expect(received).toEqual([]);
      server.clock.set(TEST_NOW + 25 * HOUR + 1);
      expect(await timer.run(user.userId)).toBe(true);
      expect(received.map((m) => m.type)).toEqual(['timelineStateUpdated']);
      const { tasks } = await user.client.call('GetTasks', { status: 'todo' });
      expect(
        tasks.filter((t) => t.recurringTaskId === task?.id).map((t) => t.instanceNumber),
      ).toEqual([0, 1]);
    } finally {
      stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL LISTEN/NOTIFY', () => {
  it('carries a message between two hubs (two server processes)', async () => {
    const url = process.env.DATABASE_URL ?? '';
    const first = await createRealtimeHub(url);
    const second = await createRealtimeHub(url);
    const received: RealtimeMessage[] = [];
    second.subscribe('u-pg', (m) => received.push(m));
    await first.publish({ userId: 'u-pg', type: 'categoryUpdated', originSessionId: 's' });
    for (let waited = 0; received.length === 0 && waited < 3000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received).toEqual([{ userId: 'u-pg', type: 'categoryUpdated', originSessionId: 's' }]);
    await first.close();
    await second.close();
  });
});
