import { EventEmitter } from 'node:events';
import pg from 'pg';

/** The push message types of the spec; clients refetch what each names. */
const REALTIME_EVENT_TYPES = [
  'timelineStateUpdated',
  'reminderStateUpdated',
  'categoryUpdated',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/**
 * Not a push message: some of the user's sessions ended (revoked, password reset), so each of
 * the user's open streams checks that its session still exists and closes if not.
 */
export const SESSIONS_ENDED = 'sessionsEnded';
export type RealtimeMessageType = RealtimeEventType | typeof SESSIONS_ENDED;

export interface RealtimeMessage {
  userId: string;
  type: RealtimeMessageType;
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
    (m.type === SESSIONS_ENDED || REALTIME_EVENT_TYPES.some((t) => t === m.type))
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
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * PostgreSQL's own notification channel carries the messages between server processes: one
 * dedicated connection LISTENs; publishing is a NOTIFY, which every process (this one included)
 * receives and hands to its local subscribers. When the listening connection drops (a database
 * restart) it is opened again with a growing pause; meanwhile clients poll.
 */
class PostgresRealtimeHub implements RealtimeHub {
  private readonly local = new LocalRealtimeHub();
  private listener: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    private readonly publisher: pg.Pool,
  ) {}

  static async connect(url: string): Promise<PostgresRealtimeHub> {
    const publisher = new pg.Pool({ connectionString: url, max: 2, application_name: 'planner' });
    // A publisher connection the database closed is replaced on the next NOTIFY.
    publisher.on('error', () => undefined);
    const hub = new PostgresRealtimeHub(url, publisher);
    await hub.listen();
    return hub;
  }

  private async listen(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.url, application_name: 'planner' });
    listener.on('notification', (n) => this.receive(n.payload));
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === listener) this.listener = undefined;
      this.reconnect(RECONNECT_MIN_MS);
    };
    listener.on('error', onLost);
    listener.on('end', onLost);
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost = true;
      await listener.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await listener.end().catch(() => undefined);
      return;
    }
    this.listener = listener;
  }

  /** Plans one attempt to listen again; a failed connect and its 'end' event plan only one. */
  private reconnect(delayMs: number): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.listen().catch(() => this.reconnect(Math.min(delayMs * 2, RECONNECT_MAX_MS)));
    }, delayMs);
    this.retryTimer.unref();
  }

  /** Whether notifications from other processes are being received. */
  isListening(): boolean {
    return this.listener !== undefined;
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
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.local.close();
    await this.listener?.end().catch(() => undefined);
    await this.publisher.end().catch(() => undefined);
  }
}

/** The hub for the database in use. */
export async function createRealtimeHub(databaseUrl: string | undefined): Promise<RealtimeHub> {
  return databaseUrl ? PostgresRealtimeHub.connect(databaseUrl) : new LocalRealtimeHub();
}
