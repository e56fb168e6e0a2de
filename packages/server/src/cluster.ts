import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** How long SIGTERM waits for calls in flight before a server process ends anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** A worker that ended by itself after start-up is replaced after this pause. */
const RESTART_DELAY_MS = 1000;

export interface PrimaryOptions {
  /** Runs once, before any worker starts (the migrations). */
  prepare(): Promise<void>;
  /** Where the data is, for the start-up line. */
  where: string;
  /** performance.now() when the process started. */
  started: number;
}

/**
 * The primary process of WORKERS > 1: migrates once, then starts the workers, which share the
 * port (node cluster hands each new connection to the next worker). It serves nothing itself.
 * A worker that ends unasked is replaced; one that cannot start stops them all. SIGTERM and
 * SIGINT are passed to every worker, which finishes its calls in flight and stops; the primary
 * ends when the last one has, with code 1 if any did not stop cleanly.
 */
export async function runPrimary(config: Config, options: PrimaryOptions): Promise<void> {
  await options.prepare();
  const listening = new Set<number>();
  let ready = false;
  let stopping = false;
  let failed = false;

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`Planner's workers did not stop within ${SHUTDOWN_GRACE_MS} ms; ending them`);
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exitCode = 1;
    }, SHUTDOWN_GRACE_MS + 1000).unref();
    for (const worker of liveWorkers()) worker.process.kill(signal);
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (ready || listening.size < config.workers) return;
    ready = true;
    const ms = Math.round(performance.now() - options.started);
    console.log(
      `Planner is serving http://${config.host}:${address.port} (data: ${options.where}; ` +
        `${config.workers} worker processes; ready in ${ms} ms)`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    const clean = code === 0 && signal === null;
    if (stopping) {
      failed ||= !clean;
      if (liveWorkers().length === 0) process.exitCode = failed ? 1 : 0;
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!ready) {
      console.error(`Planner cannot start: a worker process ended (${how})`);
      failed = true;
      stop('SIGTERM');
      if (liveWorkers().length === 0) process.exitCode = 1;
      return;
    }
    console.error(`Planner worker ${worker.process.pid} ended (${how}); starting another`);
    setTimeout(() => stopping || cluster.fork(), RESTART_DELAY_MS);
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && !worker.isDead(),
  );
}
