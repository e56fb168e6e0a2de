import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema';
import type { RealtimeEventType } from '../realtime/realtime-hub';

/** What the transport knows about the HTTP request behind a call. */
export interface RequestInfo {
  requestId: string;
  ip: string;
  userAgent: string;
  /** IANA zone from the `timezone` header ('' when absent). */
  timezone: string;
  /** Country or region from a trusted proxy header ('' when unknown). */
  region: string;
  token: string | undefined;
  /** The `idempotency-key` header, checked (undefined when absent); see idempotency.ts. */
  idempotencyKey?: string | undefined;
}

/** What every step of a call knows about it: the request and the injected clock. */
export interface CallBasics {
  readonly requestId: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly timezone: string;
  readonly region: string;
  /** The auth token of the call, if any (sign-in methods compare it, never log it). */
  readonly token: string | undefined;
  now(): number;
}

/**
 * Reads only: the type leaves out every way to write (and raw SQL), so a `prepare` step
 * cannot change data outside the call's transaction.
 */
export type ReadOnlyDb = Pick<Kysely<Schema>, 'selectFrom'>;

/**
 * The context of a method's `prepare` step: slow work (password hashing) that must not hold
 * the transaction. On a single call it runs BEFORE the transaction opens, so `db` is not
 * the call's transaction: what it reads may change before the handler runs, and the handler
 * re-checks what matters. Inside a Chain step it runs inside the chain's transaction (so it
 * sees the earlier steps' writes; on SQLite, the shared connection is held meanwhile).
 */
export interface PrepareContext extends CallBasics {
  readonly db: ReadOnlyDb;
}

/** `prepare` of a method with `auth: 'required'`: runs only once the session checked out. */
export interface AuthedPrepareContext extends PrepareContext {
  readonly userId: string;
  readonly sessionId: string;
}

/** Every handler's context: one transaction, the injected clock, after-commit effects. */
export interface PublicContext extends CallBasics {
  /** The call's transaction: everything the handler writes commits or rolls back together. */
  readonly db: Transaction<Schema>;
  /** Runs after the transaction commits (never when it rolls back): mail, realtime. */
  afterCommit(effect: () => Promise<void> | void): void;
}

/** The context of a method with `auth: 'required'`: a live session of `userId`. */
export interface AuthedContext extends PublicContext {
  readonly userId: string;
  readonly sessionId: string;
  /**
   * Reports that a change kind the method declared in `mayChange` happened in this call: the
   * runtime records it in the transaction when so declared and tells the user's other devices
   * once the transaction has committed (never when it rolls back). An undeclared kind throws.
   */
  changed(type: RealtimeEventType): void;
}

export type Db = Transaction<Schema>;

/** A user's plan, opened for one call by the planner that app.ts hands the runtime. */
export interface OpenPlan {
  /** Plans again with what the call changed and saves it; once (a second call does nothing). */
  settle(): Promise<void>;
}

/**
 * The planner app.ts hands the runtime (timeline/): the one way a domain below planning gets a
 * re-plan, inside the call's transaction, without importing planning.
 */
export interface Planner {
  /** Brings the plan up to now under the rules stored so far and saves it (before they change). */
  catchUp(db: Db, userId: string, now: number): Promise<void>;
  /**
   * Opens the plan for writing, brought up to now (its row locked for the call). `cause` is the
   * call's request id: the re-plan the change leads to records it (docs/plan-stability.md).
   */
  open(db: Db, userId: string, now: number, cause: string): Promise<OpenPlan>;
  /** Marks the timeline updated without re-planning: a change no block depends on. */
  touch(db: Db, userId: string, now: number): Promise<void>;
}

/** The plan as a method that declares `replans: true` reaches it. */
export interface PlanAccess {
  catchUp(now: number): Promise<void>;
  /**
   * The call's open plan, opened on the first ask; the runtime settles it after the handler
   * (when the handler has not) and tells the user's devices the timeline changed.
   */
  open(now: number): Promise<OpenPlan>;
  /** The timeline changed in a way no block depends on; the runtime tells the devices. */
  touch(now: number): Promise<void>;
}

/** The context of a method that declares `replans: true`. */
export interface ReplanningContext extends AuthedContext {
  readonly plan: PlanAccess;
}

export type AuthMode = 'required' | 'none';
export type ContextFor<A extends AuthMode> = A extends 'required' ? AuthedContext : PublicContext;
export type PrepareContextFor<A extends AuthMode> = A extends 'required'
  ? AuthedPrepareContext
  : PrepareContext;

/** Resolves a token to its live session (and refreshes its last-active time). */
export interface Authenticator {
  authenticate(
    db: Db,
    token: string,
    now: number,
  ): Promise<{ userId: string; sessionId: string } | undefined>;
}
