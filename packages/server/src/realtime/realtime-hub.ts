import { EventEmitter } from 'node:events';
import pg from 'pg';

/** The push message types of the spec; clients refetch what each names. */
export const REALTIME_EVENT_TYPES = [
  'timelineStateUpdated',
  'reminderStateUpdated',
  'categoryUpdated',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

export interface RealtimeMessage {
  userId: string;
  type: RealtimeEventType;
  /** The session whose call caused it ('' when none, e.g. the session timer); not sent to it. */
  originSessionId: string;
}

export type RealtimeListener = (message: RealtimeMessage) => void;

/**
 * Fan-out of change messages to the open streams of a user, in this process and (on
 * PostgreSQL) in every other server process through LISTEN/NOTIFY.
 */
export interface RealtimeHub {
  /** Sends a message to every subscriber of the user, wherever it is connected. */
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(userId: string, listener: RealtimeListener): () => void;
  /** Users with at least one open stream in this process. */
  connectedUsers(): string[];
  close(): Promise<void>;
}

function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.userId === 'string' &&
    typeof m.originSessionId === 'string' &&
    REALTIME_EVENT_TYPES.some((t) => t === m.type)
  );
}

/** The in-process bus: enough for the embedded database, where there is one server process. */
export class LocalRealtimeHub implements RealtimeHub {
  private readonly emitter = new EventEmitter();
  private readonly counts = new Map<string, number>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(message: RealtimeMessage): Promise<void> {
    this.deliver(message);
  }

  /** Hands a message to this process's subscribers. */
  deliver(message: RealtimeMessage): void {
    this.emitter.emit(message.userId, message);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    this.emitter.on(userId, listener);
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.emitter.off(userId, listener);
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left > 0) this.counts.set(userId, left);
      else this.counts.delete(userId);
    };
  }

  connectedUsers(): string[] {
    return [...this.counts.keys()];
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.counts.clear();
  }
}

const CHANNEL = 'planner_realtime';

/**
 * PostgreSQL's own notification channel carries the messages between server processes: one
 * dedicated connection LISTENs; publishing is a NOTIFY, which every process (this one included)
 * receives and hands to its local subscribers.
 */
export class PostgresRealtimeHub implements RealtimeHub {
  private readonly local = new LocalRealtimeHub();

  private constructor(
    private readonly listener: pg.Client,
    private readonly publisher: pg.Pool,
  ) {}

  static async connect(url: string): Promise<PostgresRealtimeHub> {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const publisher = new pg.Pool({ connectionString: url, max: 2 });
    const hub = new PostgresRealtimeHub(listener, publisher);
    listener.on('notification', (n) => hub.receive(n.payload));
    // A dropped listen connection must not take the process down; streams fall back to polling.
    listener.on('error', () => undefined);
    await listener.query(`LISTEN ${CHANNEL}`);
    return hub;
  }

  private receive(payload: string | undefined): void {
    try {
      const message: unknown = JSON.parse(payload ?? '');
      if (isRealtimeMessage(message)) this.local.deliver(message);
    } catch {
      // Not ours: ignore.
    }
  }

  async publish(message: RealtimeMessage): Promise<void> {
    await this.publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    return this.local.subscribe(userId, listener);
  }

  connectedUsers(): string[] {
    return this.local.connectedUsers();
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.listener.end().catch(() => undefined);
    await this.publisher.end().catch(() => undefined);
  }
}

/** The hub for the database in use. */
export async function createRealtimeHub(databaseUrl: string | undefined): Promise<RealtimeHub> {
  return databaseUrl ? PostgresRealtimeHub.connect(databaseUrl) : new LocalRealtimeHub();
}
