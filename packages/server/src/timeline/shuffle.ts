import type { PlanningTask } from '../tasks/task';

/** mulberry32: a small, well-known seeded generator; the seed is stored with the timeline state. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function effectiveOrder(task: PlanningTask): number {
  return task.order ?? task.createdAt;
}

/**
 * New order keys for the open tasks without a deadline: the keys they hold now, dealt out again
 * in a seeded random order that differs from the current one. Tasks with deadlines keep theirs
 * (the engine plans them by deadline anyway). Later tasks still sort after (their createdAt).
 */
export function shuffledOrders(tasks: readonly PlanningTask[], seed: number): Map<string, number> {
  const free = tasks
    .filter((t) => t.deadline < 0)
    .sort((a, b) => effectiveOrder(a) - effectiveOrder(b) || (a.id < b.id ? -1 : 1));
  const keys = free.map(effectiveOrder);
  // Equal keys (same createdAt) would keep their id order whatever we deal: spread them apart.
  for (let i = 1; i < keys.length; i += 1) {
    const prev = keys[i - 1] ?? 0;
    if ((keys[i] ?? 0) <= prev) keys[i] = prev + 1e-3;
  }
  const permuted = [...free];
  const random = seededRandom(seed);
  for (let i = permuted.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const a = permuted[i];
    const b = permuted[j];
    if (a && b) {
      permuted[i] = b;
      permuted[j] = a;
    }
  }
  if (permuted.length > 1 && permuted.every((task, i) => task === free[i])) {
    const first = permuted.shift();
    if (first) permuted.push(first);
  }
  const orders = new Map<string, number>();
  permuted.forEach((task, i) => orders.set(task.id, keys[i] ?? 0));
  return orders;
}
