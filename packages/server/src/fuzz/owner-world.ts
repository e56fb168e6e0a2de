import type { Output } from '@planner/protocol';
import { TEST_NOW, type TestServer } from '../testing/test-server';
import { DAY, HOUR, MINUTE, signUpPlanner, type Planner } from '../timeline/planning-test-kit';

/** Every text the owner stores carries this, so any answer showing it to someone else leaks. */
export const SECRET = 'alphaSecret';

/** One of the owner's ids, as another user might send it back in any id field. */
export interface Target {
  kind: string;
  id: string;
  /** The instant that names an occurrence or block of it (events, reminders, blocks). */
  start?: number;
  instanceNumber?: number;
  isVirtual?: boolean;
}

export interface OwnerWorld {
  owner: Planner;
  targets: Target[];
  /** The owner's own ids (never shared with another account, unlike default category ids). */
  privateIds: string[];
  taskIds: string[];
  eventId: string;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the owner's ${what} is missing`);
  return value;
}

async function ownerTasks(owner: Planner, categoryId: string): Promise<string[]> {
  const base = { category: { id: categoryId }, timeScheduled: HOUR };
  const put = async (task: Record<string, unknown>) =>
    need((await owner.client.call('PutTask', { task: { ...base, ...task } })).task, 'task');
  const first = await put({
    title: `${SECRET} task`,
    note: `${SECRET} note`,
    deadline: TEST_NOW + DAY,
    checklist: [{ content: `${SECRET} item`, sort: 1 }],
  });
  const daily = await put({
    title: `${SECRET} daily`,
    deadline: -1,
    recurrenceRule: { freq: 'DAILY', interval: 1 },
  });
  const third = await put({ title: `${SECRET} third`, deadline: -1 });
  return [first.id, daily.id, third.id, ...first.checklist.map((item) => item.id)];
}

/** Blocks of every kind: the current session, a past record, a locked and a planned block. */
async function ownerBlocks(server: TestServer, owner: Planner, taskIds: string[]) {
  const [first = '', , third = ''] = taskIds;
  await owner.client.call('OrganizeTimeblocks', { nextTask: first });
  server.clock.advance(5 * MINUTE);
  await owner.client.call('AddTimeblock', {
    timeblock: { task: { id: third }, start: TEST_NOW - 3 * HOUR, end: TEST_NOW - 2 * HOUR },
  });
  const planned = await plannedBlocks(owner);
  const toLock = need(planned[0], 'planned block');
  await owner.client.call('LockTimeblock', {
    timeblock: { id: toLock.id, start: toLock.start, end: toLock.end },
  });
}

async function plannedBlocks(owner: Planner) {
  const now = TEST_NOW;
  const { blockContainers } = await owner.client.call('GetTimeline', {
    start: now - DAY,
    end: now + 7 * DAY,
    version: 4,
    includeAll: true,
  });
  return blockContainers
    .map((c) => need(c.timeblock, 'timeblock'))
    .filter((b) => b.id.startsWith('planned:'));
}

async function ownerCalendar(owner: Planner, categoryId: string) {
  const { event } = await owner.client.call('CreateEvent', {
    event: {
      title: `${SECRET} event`,
      note: `${SECRET} event note`,
      start: TEST_NOW + DAY,
      end: TEST_NOW + DAY + HOUR,
      category: { id: categoryId },
      recurrenceRule: { freq: 'WEEKLY', interval: 1 },
      checklist: [{ content: `${SECRET} event item`, sort: 1 }],
    },
  });
  const { reminder } = await owner.client.call('CreateReminder', {
    reminder: {
      title: `${SECRET} reminder`,
      start: TEST_NOW + 2 * HOUR,
      recurrenceRule: { freq: 'DAILY', interval: 1 },
    },
  });
  const { reminder: overdue } = await owner.client.call('CreateReminder', {
    reminder: { title: `${SECRET} overdue`, start: TEST_NOW - 2 * DAY },
  });
  return {
    event: need(event, 'event'),
    reminder: need(reminder, 'reminder'),
    overdue: need(overdue, 'overdue reminder'),
  };
}

type Timeline = Output<'GetTimeline'>;

function blockTargets(timeline: Timeline): Target[] {
  return timeline.blockContainers.map((c) => {
    const block = need(c.timeblock, 'timeblock');
    return { kind: 'timeblock', id: block.id, start: block.start };
  });
}

/**
 * The owner: a category, tasks (one with a checklist, one recurring), a session, a record, a
 * locked block, a recurring event, reminders, a tutorial flag and a name; and every id of them.
 */
export async function buildOwnerWorld(server: TestServer): Promise<OwnerWorld> {
  const owner = await signUpPlanner(server, { premiumLevel: 2 });
  const { category } = await owner.client.call('PutCategory', {
    category: { title: `${SECRET} cat`, description: `${SECRET} about` },
  });
  const categoryId = need(category, 'category').id;
  const [first = '', daily = '', third = '', itemId = ''] = await ownerTasks(owner, categoryId);
  const taskIds = [first, daily, third];
  await ownerBlocks(server, owner, taskIds);
  const { event, reminder, overdue } = await ownerCalendar(owner, categoryId);
  await owner.client.call('FinishTutorial', { tutorial: 'onboarding' });
  await owner.client.call('UpdateUser', { name: `${SECRET} name` });
  const { sessions } = await owner.client.call('GetSessionRecords');
  const { tasks } = await owner.client.call('GetTasks', { status: 'all' });
  const timeline = await owner.client.call('GetTimeline', {
    start: TEST_NOW - DAY,
    end: TEST_NOW + 14 * DAY,
    version: 4,
    includeAll: true,
  });
  const targets: Target[] = [
    ...tasks.map((t) => ({ kind: 'task', id: t.id })),
    { kind: 'checklist item', id: itemId },
    { kind: 'category', id: categoryId },
    { kind: 'event', id: event.id, start: event.start, instanceNumber: 0 },
    { kind: 'event instance', id: event.id, start: event.start + 7 * DAY, instanceNumber: 1 },
    { kind: 'event instance', id: event.id, instanceNumber: 1, isVirtual: true },
    { kind: 'reminder', id: reminder.id, start: reminder.origin },
    { kind: 'reminder instance', id: reminder.instanceId, start: reminder.origin },
    { kind: 'reminder', id: overdue.id, start: overdue.start },
    ...blockTargets(timeline),
    ...sessions.map((s) => ({ kind: 'session', id: s.id })),
    { kind: 'user', id: owner.userId },
  ];
  const privateIds = [
    ...new Set(
      targets
        .map((t) => t.id)
        .concat(event.checklist.map((i) => i.id))
        .filter((id) => id.length >= 16),
    ),
  ];
  return { owner, targets, privateIds, taskIds, eventId: event.id };
}

/** Everything the owner can read about their account, to compare before and after. */
export async function ownerSnapshot(world: OwnerWorld): Promise<unknown> {
  const c = world.owner.client;
  const window = { start: TEST_NOW - 3 * DAY, end: TEST_NOW + 30 * DAY };
  return {
    tasks: await c.call('GetTasks', { status: 'all', withNote: true }),
    timeline: await c.call('GetTimeline', { ...window, version: 4, includeAll: true }),
    state: await c.call('GetTimelineState'),
    reminders: await c.call('GetReminders', window),
    overdue: await c.call('GetOverdueReminders'),
    categories: await c.call('GetCategories'),
    event: await c.call('GetEvent', { event: { id: world.eventId, instanceNumber: 0 } }),
    nextEvent: await c.call('GetEvent', {
      event: { id: world.eventId, instanceNumber: 1, isVirtual: true },
    }),
    sessions: await c.call('GetSessionRecords'),
    profile: await c.call('GetUserProfile'),
    blocks: await Promise.all(
      world.taskIds.map((taskId) => c.call('GetTaskTimeblocks', { taskId })),
    ),
    statistics: await c.call('GetTimeStatistics', {
      points: [{ start: TEST_NOW - DAY, end: TEST_NOW }],
    }),
  };
}
