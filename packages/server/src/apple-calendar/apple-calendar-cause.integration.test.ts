import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { HOUR, MINUTE, personWithThreeTasks, plannedStarts } from '../timeline/planning-test-kit';

/*
 * The shell's Apple calendar upload is the person's own app at work (docs/plan-stability.md,
 * "Which call caused it"): the re-plan the uploaded busy time leads to names the upload's request
 * id, so the device that uploaded shows no "your plan changed" note for it.
 */

const ZONE = 'Europe/Berlin';
/** Saturday 28 March 2026, 07:00 in Berlin: inside the rest window (until 08:00), nothing runs. */
const SATURDAY_7 = Date.UTC(2026, 2, 28, 6, 0);
const at = (hours: number, minutes = 0) => SATURDAY_7 + (hours - 7) * HOUR + minutes * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: SATURDAY_7 });
});
afterAll(async () => server.close());

describe('the cause of a re-plan after an Apple calendar upload (SQLite or DATABASE_URL)', () => {
  it("names the upload's request id when the uploaded event moved a planned block", async () => {
    const user = await personWithThreeTasks(server, ZONE, SATURDAY_7, at(7, 10));
    expect(await plannedStarts(user, SATURDAY_7)).toEqual([at(8), at(9), at(10)]);
    await user.client.call('UpdateAppleCalendarBindRelationship', {
      relations: [{ calendarTitle: 'Work', categoryId: user.categoryId }],
    });

    const meeting = {
      id: 'meeting-1',
      calendarTitle: 'Work',
      title: 'Meeting',
      start: at(9),
      end: at(10),
      allDay: false,
      timezone: ZONE,
    };
    const upload = await server.postJson(
      'UploadAppleCalendarEvents',
      { events: [meeting], hash: 'h1' },
      { authorization: `Bearer ${user.token}`, 'request-id': 'upload-from-the-phone' },
    );
    expect(upload.status).toBe(200);

    const { planChanges } = await user.client.call('GetTimelineState');
    expect(planChanges?.causeRequest).toBe('upload-from-the-phone');
    expect(planChanges?.at).toBe(at(7, 10));
    expect(planChanges?.moves.map((m) => [m.reason, m.wasStart, m.nowStart])).toEqual([
      ['busy', at(9), at(11)],
    ]);
    expect(await plannedStarts(user, SATURDAY_7)).toEqual([at(8), at(10), at(11)]);
  });
});
