import type { CallInfo } from '@planner/protocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { HOUR, signUpPlanner } from '../timeline/planning-test-kit';
import { runNotificationPass } from './notification-pass';
import { PushDelivery } from './push-delivery';
import { TestPushEndpoint } from './testing/push-endpoint';

/*
 * A notification's button is a person's change made on their device (docs/plan-stability.md,
 * "Which call caused it"): the re-plan it leads to names the action's request id, so that device
 * shows no "what changed" note for it.
 */

/** Saturday 28 March 2026 in Berlin (CET, UTC+1): h:m:s. */
const berlin = (h: number, m = 0, s = 0) => Date.UTC(2026, 2, 28, h - 1, m, s);

let server: TestServer;
let endpoint: TestPushEndpoint;
beforeAll(async () => {
  endpoint = new TestPushEndpoint();
  await endpoint.start();
  // The test clock lets push endpoints on loopback http.
  server = await startTestServer({ now: berlin(9), config: { testClock: true } });
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});

describe('a notification action', () => {
  it('moreTime: the tasks it moves name the action as their cause', async () => {
    server.clock.set(berlin(9));
    const user = await signUpPlanner(server, { timezone: 'Europe/Berlin' });
    const sub = endpoint.subscription();
    await user.client.call('RegisterDevice', {
      fcmDeviceToken: sub.token,
      deviceType: 'web',
      appVersion: '1.3.143',
    });
    const taskIds: string[] = [];
    for (const title of ['Emails', 'Report']) {
      const { task } = await user.client.call('PutTask', {
        task: { title, category: { id: user.categoryId }, timeScheduled: HOUR },
      });
      taskIds.push(task?.id ?? '');
      server.clock.advance(1);
    }
    const running = (await user.client.call('GetTimelineState')).currentBlock?.task;
    const next = taskIds.find((id) => id !== running);

    server.clock.set(berlin(9, 56, 50));
    const delivery = new PushDelivery(server.database.db, server.config, { warn: () => undefined });
    await runNotificationPass(
      server.database.db,
      delivery,
      { publish: async () => {} },
      berlin(9, 56, 50),
    );
    const nearEnd = sub.received()[0];
    expect(nearEnd?.payload.actions).toEqual(['moreTime']);

    server.clock.set(berlin(9, 57));
    const calls: CallInfo[] = [];
    // The service worker calls without a session, with a request id of its own.
    const serviceWorker = server.client(undefined, { onCallStart: (info) => calls.push(info) });
    await serviceWorker.call('RunNotificationAction', {
      actionToken: String(nearEnd?.payload.actionToken),
      action: 'moreTime',
    });
    const requestId = calls.find((c) => c.method === 'RunNotificationAction')?.requestId;
    expect(requestId).toBeTruthy();

    const { planChanges } = await user.client.call('GetTimelineState');
    expect(planChanges).toEqual({
      at: berlin(9, 57),
      moves: [
        {
          task: next,
          reason: 'busy',
          event: '',
          byTask: '',
          wasStart: berlin(10),
          nowStart: berlin(10, 30),
        },
      ],
      causeRequest: requestId,
    });
  });
});
