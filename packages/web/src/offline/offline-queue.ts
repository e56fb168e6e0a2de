import { ErrorCode, NetworkError, RpcError } from '@planner/protocol/client';
import type { InputInit, Output } from '@planner/protocol';
import {
  MutationObserver,
  onlineManager,
  type Mutation,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '../api/client';
import { offlineTaskId } from './offline-ids';
import { addConflict } from './conflict-store';

// Changes made offline wait in TanStack Query's mutation cache as paused mutations (networkMode
// 'online'), one scope so they are sent one after another in the order made, and are saved with
// the query cache so a reload keeps them (docs/offline-and-install.md).

/** The first part of every queued change's mutation key; the second is the method. */
export const QUEUE_KEY = 'offlineChange';
const QUEUE_SCOPE = 'offline-changes';
const MAX_RETRY_DELAY_MS = 60_000;

/** The methods a change made offline may use. */
export const QUEUED_METHODS = [
  'PutTask',
  'DeleteTaskV2',
  'OrganizeTimeblocks',
  'Next',
  'Pause',
  'Shuffle',
  'SetTimelineState',
  'CreateReminder',
  'UpdateReminder',
  'DeleteReminder',
  'ToggleThisReminder',
] as const;
export type QueuedMethod = (typeof QUEUED_METHODS)[number];

/** What a change is, in words the person knows (the conflict message names it). */
export type ChangeAction =
  | 'createTask'
  | 'updateTask'
  | 'completeTask'
  | 'reopenTask'
  | 'deleteTask'
  | 'doNow'
  | 'createReminder'
  | 'updateReminder'
  | 'deleteReminder'
  | 'toggleReminder'
  | 'next'
  | 'pause'
  | 'rest'
  | 'shuffle'
  | 'autoExtend';

export interface ChangeLabel {
  action: ChangeAction;
  /** The task's or reminder's title ('' for controls). */
  title: string;
  /** The task or reminder it changes, when it has one: its pending mark. */
  itemId?: string;
}

export type SendResult<M extends QueuedMethod> =
  { queued: false; answer: Output<M> } | { queued: true };

function isLabel(value: unknown): value is ChangeLabel {
  return (
    typeof value === 'object' &&
    value !== null &&
    'action' in value &&
    typeof value.action === 'string' &&
    'title' in value &&
    typeof value.title === 'string'
  );
}

/** The change a mutation carries, when it is one of the queued changes. */
export function changeLabelOf(mutation: Pick<Mutation, 'options'>): ChangeLabel | null {
  if (mutation.options.mutationKey?.[0] !== QUEUE_KEY) return null;
  const label = mutation.options.meta?.offlineChange;
  return isLabel(label) ? label : null;
}

/** Queued changes not yet accepted by the server, oldest first. */
export function pendingChanges(client: QueryClient): Mutation[] {
  return client
    .getMutationCache()
    .findAll({ mutationKey: [QUEUE_KEY], status: 'pending' })
    .sort((a, b) => a.state.submittedAt - b.state.submittedAt);
}

/**
 * Worth sending again later: the server was not reached, or asked to slow down. Anything else
 * the server answered is final: the change cannot be applied.
 */
export function isTemporaryFailure(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof RpcError && error.code === ErrorCode.RateLimited)
  );
}

function retryDelay(failures: number): number {
  return Math.min(2000 * 2 ** failures, MAX_RETRY_DELAY_MS);
}

/** How a queued change shows in the cache before it is sent, declared by the feature it changes. */
type OptimisticChange<M extends QueuedMethod> = (
  client: QueryClient,
  input: InputInit<M>,
  changeKey: string,
) => void;

type AnyOptimisticChange = (client: QueryClient, input: unknown, changeKey: string) => void;

/** Loads a method's optimistic change: its code is not needed until a change is queued. */
const optimisticChanges = new Map<QueuedMethod, () => Promise<AnyOptimisticChange>>();

/**
 * A feature declares how its queued change shows at once in the cached lists
 * (tasks/tasks-offline.ts), as a loader: the first load of the app carries none of it.
 */
export function declareOptimisticChange<M extends QueuedMethod>(
  method: M,
  load: () => Promise<OptimisticChange<M>>,
): void {
  optimisticChanges.set(method, load as () => Promise<AnyOptimisticChange>);
}

/** The method's optimistic change, or none when it declared none or its code cannot load. */
async function optimisticChangeOf(method: QueuedMethod): Promise<AnyOptimisticChange | null> {
  return (
    (await optimisticChanges
      .get(method)?.()
      .catch(() => null)) ?? null
  );
}

const installedClients = new WeakSet<QueryClient>();

/**
 * Gives every queued method its mutation defaults (so changes restored after a reload can be
 * sent: a saved mutation keeps its key, variables and meta, not its function) and watches the
 * queue: a change the server refused leaves it and is explained; when the queue empties the
 * screens refetch. Call once, before the saved cache is restored.
 */
export function installOfflineQueue(client: QueryClient): void {
  if (installedClients.has(client)) return;
  installedClients.add(client);
  // TanStack assumes online until an event says otherwise; a start without a network must
  // queue at once instead of failing its first change.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
  for (const method of QUEUED_METHODS) {
    client.setMutationDefaults([QUEUE_KEY, method], {
      mutationFn: (input: unknown, { meta }) =>
        call(method, input as InputInit<typeof method>, idempotencyOf(meta)),
      scope: { id: QUEUE_SCOPE },
      networkMode: 'online',
      retry: (_failures, error) => isTemporaryFailure(error),
      retryDelay,
    });
  }
  client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { mutation, action } = event;
    const label = changeLabelOf(mutation);
    if (!label) return;
    if (action.type === 'error') {
      addConflict({ ...label, error: action.error });
      client.getMutationCache().remove(mutation);
    } else if (action.type === 'success') {
      client.getMutationCache().remove(mutation);
    } else return;
    if (pendingChanges(client).length === 0) void client.invalidateQueries();
  });
}

/**
 * Each change gets a key when it is made, kept with it in the queue (and across a reload): the
 * server applies a change once however often it is sent with its key, so a change whose answer
 * was lost, sent again from the queue, is not made twice (docs/idempotent-calls.md).
 */
function idempotencyOf(meta: Record<string, unknown> | undefined): { idempotencyKey?: string } {
  const key: unknown = meta?.['idempotencyKey'];
  return typeof key === 'string' && key ? { idempotencyKey: key } : {};
}

/**
 * Sends a change now when the app is online and nothing is waiting; otherwise (offline, or
 * earlier changes still waiting, or the server out of reach) queues it behind the others and
 * answers `{ queued: true }` at once: the screens show it as made and pending. Errors the server
 * answers to a change sent now are thrown as before.
 */
export async function sendChange<M extends QueuedMethod>(
  client: QueryClient,
  method: M,
  input: InputInit<M>,
  label: ChangeLabel,
): Promise<SendResult<M>> {
  const idempotencyKey = crypto.randomUUID();
  if (onlineManager.isOnline() && pendingChanges(client).length === 0) {
    try {
      return { queued: false, answer: await call(method, input, { idempotencyKey }) };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const applyOptimistic = await optimisticChangeOf(method);
  // A new task is listed under a stand-in id until sent: its pending mark follows that id.
  const isCreation = method === 'PutTask' && !(input as InputInit<'PutTask'>).task?.id;
  const offlineChange = isCreation ? { ...label, itemId: offlineTaskId(idempotencyKey) } : label;
  const observer = new MutationObserver<Output<M>, Error, InputInit<M>>(client, {
    mutationKey: [QUEUE_KEY, method],
    meta: { handlesErrors: true, offlineChange, idempotencyKey },
  });
  // The outcome arrives through the cache subscription above, not through this promise.
  observer.mutate(input).catch(() => undefined);
  applyOptimistic?.(client, input, idempotencyKey);
  return { queued: true };
}
