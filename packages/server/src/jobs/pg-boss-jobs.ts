import PgBoss from 'pg-boss';
import type { Jobs } from './jobs';

type Log = { error(obj: unknown, msg: string): void };

/** Where pg-boss keeps its tables: a schema of its own, beside the app's. */
const PG_BOSS_SCHEMA = 'pgboss';

interface Pass {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
}

/**
 * The PostgreSQL setup's jobs (docs/jobs.md), on pg-boss 10 in its own schema. A pass is a queue
 * with the singleton policy: every process offers one job per interval slot (a singletonSeconds
 * job, so the slot's second offer is dropped by the database) and whichever process fetches it
 * runs it, never two at once. One-off jobs go on a queue with the short policy (a job sent again
 * with the same key while one waits is dropped) and start at their instant.
 */
export class PgBossJobs implements Jobs {
  private readonly boss: PgBoss;
  private readonly passes: Pass[] = [];
  private readonly handlers = new Map<string, (data: Record<string, unknown>) => Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private started = false;

  constructor(
    connectionString: string,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
    options: { schema?: string; pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: options.schema ?? PG_BOSS_SCHEMA,
      max: 3,
      application_name: 'planner-jobs',
    });
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  private readonly pollingIntervalSeconds: number;

  async queueDepth(): Promise<number> {
    if (!this.started) return 0;
    const names = [...this.passes.map((pass) => pass.name), ...this.handlers.keys()];
    const sizes = await Promise.all(names.map((name) => this.boss.getQueueSize(name)));
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  every(name: string, intervalMs: number, run: () => Promise<void>): void {
    const pass = { name, intervalMs, run };
    this.passes.push(pass);
    if (this.started) void this.startPass(pass).catch((error: unknown) => this.failed(name, error));
  }

  handle(name: string, run: (data: Record<string, unknown>) => Promise<void>): void {
    this.handlers.set(name, run);
    if (this.started)
      void this.startHandler(name).catch((error: unknown) => this.failed(name, error));
  }

  async send(
    name: string,
    data: Record<string, unknown>,
    options: { runAt?: number; key?: string } = {},
  ): Promise<void> {
    // runAt is on the app's clock; pg-boss starts jobs by the database's: keep the delay.
    const delay = Math.max(0, (options.runAt ?? this.now()) - this.now());
    await this.boss.send(name, data, {
      startAfter: new Date(Date.now() + delay),
      ...(options.key === undefined ? {} : { singletonKey: options.key }),
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const pass of this.passes) await this.startPass(pass);
    for (const name of this.handlers.keys()) await this.startHandler(name);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private async startPass(pass: Pass): Promise<void> {
    await this.ensureQueue(pass.name, 'singleton');
    const seconds = Math.max(1, Math.round(pass.intervalMs / 1000));
    const offer = () =>
      this.boss
        .send(pass.name, {}, { singletonKey: 'tick', singletonSeconds: seconds, retryLimit: 0 })
        .catch((error: unknown) => this.failed(pass.name, error));
    await this.boss.work(
      pass.name,
      { pollingIntervalSeconds: this.pollingIntervalSeconds },
      async () => {
        try {
          await pass.run();
        } catch (error) {
          this.failed(pass.name, error);
        }
      },
    );
    // A first run at start, then one per interval.
    await offer();
    const timer = setInterval(() => void offer(), pass.intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async startHandler(name: string): Promise<void> {
    await this.ensureQueue(name, 'short');
    await this.boss.work<Record<string, unknown>>(
      name,
      { pollingIntervalSeconds: this.pollingIntervalSeconds },
      async (jobs) => {
        const handler = this.handlers.get(name);
        for (const job of jobs) await handler?.(job.data);
      },
    );
  }

  /**
   * Creates the queue unless it exists. Two processes starting together can deadlock in
   * pg-boss's queue creation (each makes the queue's partition): the loser tries again.
   */
  private async ensureQueue(name: string, policy: 'singleton' | 'short'): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await this.boss.getQueue(name)) return;
      try {
        await this.boss.createQueue(name, { name, policy, retryLimit: 0 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  private failed(name: string, error: unknown): void {
    this.log.error({ err: error }, `job ${name} failed`);
  }
}
