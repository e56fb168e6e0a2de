/**
 * Writers through the cluster, each creating tasks one after another with an idempotency key per
 * task, as the web app's queue of changes does: a failed call (a node gone, 502 or 503 from the
 * proxy, a reset) is sent again with the same key until it is answered. What was answered 200 is
 * acknowledged and must be in the database afterwards, once each.
 */
import { call } from './cluster-client';

export interface WriteLoadResult {
  /** Titles of the tasks whose creation was answered 200. */
  acknowledged: string[];
  /** Calls sent (first tries and retries). */
  calls: number;
  /** When a call failed (performance.now()). */
  failures: number[];
  /** From the first failed call to the last (0 without failures). */
  errorWindowMs: number;
  /** The longest time from a write's first try to its answer, retries included. */
  slowestWriteMs: number;
  /** Which node answered how many calls. */
  byNode: Record<string, number>;
}

const RETRY_PAUSE_MS = 50;
/** A write is given up after this long (it then counts as not acknowledged). */
const GIVE_UP_MS = 15_000;

export async function writeLoad(options: {
  baseUrl: string;
  token: string;
  categoryId: string;
  writers: number;
  durationMs: number;
  /** Distinguishes this run's titles and keys (letters only). */
  label: string;
}): Promise<WriteLoadResult> {
  const result: WriteLoadResult = {
    acknowledged: [],
    calls: 0,
    failures: [],
    errorWindowMs: 0,
    slowestWriteMs: 0,
    byNode: {},
  };
  const end = performance.now() + options.durationMs;
  const writer = async (w: number) => {
    for (let n = 0; performance.now() < end; n += 1) {
      const title = `${options.label}-${w}-${n}`;
      const started = performance.now();
      while (performance.now() - started < GIVE_UP_MS) {
        result.calls += 1;
        const answer = await call(
          options.baseUrl,
          'PutTask',
          { task: { title, category: { id: options.categoryId }, timeScheduled: 1_800_000 } },
          { token: options.token, headers: { 'idempotency-key': `write-key-${title}` } },
        ).catch(() => undefined);
        if (answer && answer.status >= 400 && answer.status < 500) {
          // The call itself is wrong: trying again will not help.
          throw new Error(`PutTask answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
        if (answer?.status === 200) {
          result.acknowledged.push(title);
          result.byNode[answer.servedBy] = (result.byNode[answer.servedBy] ?? 0) + 1;
          break;
        }
        result.failures.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
      result.slowestWriteMs = Math.max(result.slowestWriteMs, performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, w) => writer(w)));
  if (result.failures.length > 0) {
    result.errorWindowMs = Math.max(...result.failures) - Math.min(...result.failures);
  }
  return result;
}
