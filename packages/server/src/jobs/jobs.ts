/**
 * Background work (docs/jobs.md): passes that run every so often (notifications due, calendar
 * sync, subscription re-checks) and one-off jobs at an instant. A pass reads what is due from the
 * database and is safe to run again, so a restart or a missed tick loses nothing. On SQLite the
 * jobs run in this process; on PostgreSQL on a shared queue, so with several server processes
 * each pass and each job runs once.
 */
export interface Jobs {
  /** Registers a pass run every `intervalMs` (register before `start`). */
  every(name: string, intervalMs: number, run: () => Promise<void>): void;
  /** Registers the handler of a named one-off job (register before `start`). */
  handle(name: string, run: (data: Record<string, unknown>) => Promise<void>): void;
  /**
   * Queues a one-off job to run at or after `runAt` (ms since the epoch; now when absent). A job
   * sent again with the same `key` while one is waiting is dropped.
   */
  send(
    name: string,
    data: Record<string, unknown>,
    options?: { runAt?: number; key?: string },
  ): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting to run (passes' ticks and one-off jobs not yet taken), for /metrics. */
  queueDepth(): Promise<number>;
}

type Log = { error(obj: unknown, msg: string): void };

/** The embedded (SQLite) setup's jobs: timers in this one process. */
export class InProcessJobs implements Jobs {
  private readonly passes: { name: string; intervalMs: number; run: () => Promise<void> }[] = [];
  private readonly handlers = new Map<string, (data: Record<string, unknown>) => Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiting = new Set<string>();
  private started = false;

  /** One-off jobs whose timer has not fired yet (the passes' own timers left out). */
  async queueDepth(): Promise<number> {
    return Math.max(0, this.timers.size - (this.started ? this.passes.length : 0));
  }

  constructor(
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  every(name: string, intervalMs: number, run: () => Promise<void>): void {
    const pass = { name, intervalMs, run };
    this.passes.push(pass);
    if (this.started) this.startPass(pass);
  }

  handle(name: string, run: (data: Record<string, unknown>) => Promise<void>): void {
    this.handlers.set(name, run);
  }

  async send(
    name: string,
    data: Record<string, unknown>,
    options: { runAt?: number; key?: string } = {},
  ): Promise<void> {
    const dedupe = options.key === undefined ? undefined : `${name}\u0000${options.key}`;
    if (dedupe !== undefined && this.waiting.has(dedupe)) return;
    if (dedupe !== undefined) this.waiting.add(dedupe);
    const delay = Math.max(0, (options.runAt ?? this.now()) - this.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (dedupe !== undefined) this.waiting.delete(dedupe);
      const handler = this.handlers.get(name);
      if (!handler) return;
      handler(data).catch((error: unknown) => this.log.error({ err: error }, `job ${name} failed`));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const pass of this.passes) this.startPass(pass);
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.clear();
  }

  private startPass(pass: { name: string; intervalMs: number; run: () => Promise<void> }): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      pass
        .run()
        .catch((error: unknown) => this.log.error({ err: error }, `job ${pass.name} failed`))
        .finally(() => {
          running = false;
        });
    }, pass.intervalMs);
    timer.unref();
    this.timers.add(timer as unknown as NodeJS.Timeout);
  }
}
