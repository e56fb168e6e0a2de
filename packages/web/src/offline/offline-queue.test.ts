import { ErrorCode, RpcError } from '@planner/protocol/client';
import { onlineManager, QueryClient, type Mutation } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistQueryCache } from '../api/query-persistence';
import { answerError } from '../test/fake-server';
import { dismissConflict, type Conflict } from './conflict-store';
import { categoriesQueryKey } from '../categories/categories-api';
import { todoTasksQueryKey, type PlainTask } from '../tasks/tasks-api';
import { changeLabelOf, installOfflineQueue, pendingChanges, sendChange } from './offline-queue';
import { isOfflineTaskId, offlineTaskId } from './offline-ids';
import { declareTaskOfflineChanges } from '../tasks/tasks-api';
import { act, renderHook } from '@testing-library/react';
import { useConflicts } from './conflict-store';

/** Each call's idempotency key as sent, in the order sent (undefined: none). */
let keysSent: (string | undefined)[] = [];

/** The server at the HTTP edge: records the methods called, answers empty messages or errors. */
function serve(answer: (method: string) => Response = () => emptyAnswer()) {
  const methods: string[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const method = String(input).split('/').pop() ?? '';
    methods.push(method);
    keysSent.push(new Headers(init?.headers).get('idempotency-key') ?? undefined);
    return Promise.resolve(answer(method));
  });
  vi.stubGlobal('fetch', fetchMock);
  return methods;
}

function emptyAnswer(): Response {
  return new Response(new Uint8Array(), {
    status: 200,
    headers: { 'content-type': 'application/x-protobuf' },
  });
}

declareTaskOfflineChanges();

function newClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  installOfflineQueue(client);
  client.mount();
  return client;
}

async function settle(client: QueryClient): Promise<void> {
  await vi.waitFor(() => expect(pendingChanges(client)).toHaveLength(0));
}

const renameInput = (id: string, title: string) => ({
  task: { id, title },
  fields: ['title'],
});

describe('the offline queue', () => {
  let clients: QueryClient[] = [];
  const client = () => {
    const made = newClient();
    clients.push(made);
    return made;
  };
  beforeEach(() => {
    onlineManager.setOnline(true);
    keysSent = [];
  });
  afterEach(() => {
    clients.forEach((c) => c.unmount());
    clients = [];
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('sends at once when online and nothing waits', async () => {
    const methods = serve();
    const result = await sendChange(client(), 'PutTask', renameInput('t1', 'Write'), {
      action: 'updateTask',
      title: 'Write',
      itemId: 't1',
    });
    expect(result.queued).toBe(false);
    expect(methods).toEqual(['PutTask']);
  });

  it('queues changes made offline and sends them in the order made once online', async () => {
    const methods = serve();
    const queue = client();
    onlineManager.setOnline(false);
    const label = { action: 'updateTask', title: 'Write' } as const;
    expect((await sendChange(queue, 'PutTask', renameInput('t1', 'W'), label)).queued).toBe(true);
    expect((await sendChange(queue, 'Next', {}, { action: 'next', title: '' })).queued).toBe(true);
    expect((await sendChange(queue, 'PutTask', renameInput('t1', 'Wr'), label)).queued).toBe(true);
    expect(methods).toEqual([]);
    expect(pendingChanges(queue).map((m) => m.state.isPaused)).toEqual([true, true, true]);

    onlineManager.setOnline(true);
    await settle(queue);
    expect(methods).toEqual(['PutTask', 'Next', 'PutTask']);
  });

  it('puts a change behind the ones still waiting even when online', async () => {
    const methods = serve();
    const queue = client();
    onlineManager.setOnline(false);
    await sendChange(queue, 'Pause', {}, { action: 'pause', title: '' });
    onlineManager.setOnline(true);
    const later = await sendChange(queue, 'Shuffle', {}, { action: 'shuffle', title: '' });
    expect(later.queued).toBe(true);
    await settle(queue);
    expect(methods).toEqual(['Pause', 'Shuffle']);
  });

  it('explains a change the server refuses, drops it and sends the rest', async () => {
    const methods = serve((method) =>
      method === 'DeleteTaskV2'
        ? answerError(404, ErrorCode.NotFound, 'task not found')
        : emptyAnswer(),
    );
    const conflicts = renderHook(() => useConflicts());
    const queue = client();
    onlineManager.setOnline(false);
    await sendChange(
      queue,
      'DeleteTaskV2',
      { task: { id: 'gone' }, deleteType: 0 },
      {
        action: 'deleteTask',
        title: 'Old report',
        itemId: 'gone',
      },
    );
    await sendChange(queue, 'Next', {}, { action: 'next', title: '' });
    onlineManager.setOnline(true);
    await settle(queue);
    expect(methods).toEqual(['DeleteTaskV2', 'Next']);
    const [conflict] = conflicts.result.current as Conflict[];
    expect(conflict).toMatchObject({ action: 'deleteTask', title: 'Old report', itemId: 'gone' });
    expect(conflict?.error).toBeInstanceOf(RpcError);
    expect((conflict?.error as RpcError).code).toBe(ErrorCode.NotFound);
    expect(queue.getMutationCache().getAll()).toHaveLength(0);
    act(() => dismissConflict(conflict?.id ?? 0));
    expect(conflicts.result.current).toEqual([]);
  });

  it('keeps waiting changes across a reload and sends them after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const methods = serve();
    const before = client();
    const saving = persistQueryCache(before, (mutation) => changeLabelOf(mutation) !== null);
    await saving.restored;
    onlineManager.setOnline(false);
    await sendChange(before, 'PutTask', renameInput('t1', 'Offline title'), {
      action: 'updateTask',
      title: 'Offline title',
      itemId: 't1',
    });
    await sendChange(before, 'Next', {}, { action: 'next', title: '' });
    saving.stop();
    vi.useRealTimers();
    // The old page is gone.
    before.unmount();
    before.getMutationCache().clear();

    // The next start: a new cache restored from local storage, then the network is back.
    const after = client();
    const restoring = persistQueryCache(after, (mutation) => changeLabelOf(mutation) !== null);
    await restoring.restored;
    expect(pendingChanges(after)).toHaveLength(2);
    expect(methods).toEqual([]);
    onlineManager.setOnline(true);
    await settle(after);
    restoring.stop();
    expect(methods).toEqual(['PutTask', 'Next']);
    // Each change kept the key it was made with, so the server applies it once.
    expect(keysSent).toHaveLength(2);
    expect(keysSent.every((key) => key && /^[\w-]{16,64}$/.test(key))).toBe(true);
    expect(new Set(keysSent).size).toBe(2);
  });

  it('lists a task created offline at once, under its change key, with the category it was given', async () => {
    serve();
    const queue = client();
    const work = { id: 'c-work', title: 'Work', color: '#2196f3', icon: 'work' };
    queue.setQueryData(categoriesQueryKey, [work]);
    queue.setQueryData(todoTasksQueryKey, [{ id: 't1', title: 'Older' }]);
    onlineManager.setOnline(false);
    const task = { title: 'Buy stamps', category: { id: 'c-work' }, timeScheduled: 1_800_000 };
    await sendChange(queue, 'PutTask', { task }, { action: 'createTask', title: 'Buy stamps' });

    const [created, older] = queue.getQueryData<PlainTask[]>(todoTasksQueryKey) ?? [];
    expect(older?.id).toBe('t1');
    expect(created).toMatchObject({
      title: 'Buy stamps',
      timeScheduled: 1_800_000,
      deadline: -1,
      isCompleted: false,
      category: { id: 'c-work', color: '#2196f3' },
    });
    expect(isOfflineTaskId(created?.id ?? '')).toBe(true);
    const [pending] = pendingChanges(queue);
    const key = String(pending?.options.meta?.['idempotencyKey']);
    expect(created?.id).toBe(offlineTaskId(key));
    // Its pending mark follows the stand-in id.
    expect(changeLabelOf(pending as Mutation)?.itemId).toBe(created?.id);
  });

  it('sends a change whose answer was lost again with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    const methods = serve(() => {
      calls += 1;
      // The first answer never arrives: the connection drops.
      if (calls === 1) throw new TypeError('Failed to fetch');
      return emptyAnswer();
    });
    const label = { action: 'createTask', title: 'Pay rent' } as const;
    const sent = sendChange(client(), 'PutTask', { task: { title: 'Pay rent' } }, label);
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    expect((await sent).queued).toBe(false);
    expect(methods).toEqual(['PutTask', 'PutTask']);
    expect(keysSent[0]).toBeTruthy();
    expect(keysSent[1]).toBe(keysSent[0]);
    // The next change is another one: another key.
    await sendChange(client(), 'PutTask', { task: { title: 'Pay rent' } }, label);
    expect(keysSent[2]).not.toBe(keysSent[0]);
  });
});
