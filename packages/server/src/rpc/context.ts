import type { Transaction } from 'kysely';
import type { Clock } from '../clock';
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
}

/** Every handler's context: one transaction, the injected clock, after-commit effects. */
export interface PublicContext {
  readonly requestId: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly timezone: string;
  readonly region: string;
  /** The auth token of the call, if any (sign-in methods compare it, never log it). */
  readonly token: string | undefined;
  now(): number;
  /** The call's transaction: everything the handler writes commits or rolls back together. */
  readonly db: Transaction<Schema>;
  /** Runs after the transaction commits (never when it rolls back): mail, realtime. */
  afterCommit(effect: () => Promise<void> | void): void;
}

/** The context of a method with `auth: 'required'`: a live session of `userId`. */
export interface AuthedContext extends PublicContext {
  readonly userId: string;
  readonly sessionId: string;
  /** Tells the user's other devices to refetch, once the transaction has committed. */
  notify(type: RealtimeEventType): void;
}

export type Db = Transaction<Schema>;

export type AuthMode = 'required' | 'none';
export type ContextFor<A extends AuthMode> = A extends 'required' ? AuthedContext : PublicContext;

/** Resolves a token to its live session (and refreshes its last-active time). */
export interface Authenticator {
  authenticate(
    db: Db,
    token: string,
    now: number,
  ): Promise<{ userId: string; sessionId: string } | undefined>;
}

export interface CallEnvironment {
  clock: Clock;
  authenticator: Authenticator;
}
