import type { DescMessage, DescMethod } from '@bufbuild/protobuf';
import type { PlainOf } from '@planner/protocol';
import type {
  AuthedContext,
  AuthedPrepareContext,
  AuthMode,
  ContextFor,
  PrepareContext,
  PrepareContextFor,
  PublicContext,
  ReplanningContext,
} from './context';
import type { RealtimeEventType } from '../realtime/realtime-hub';
import { checkFields, refuseNul, type Fields } from './bounds';
import type { RateLimitSpec } from './rate-limit';

export interface MethodSpec<
  I extends DescMessage,
  O extends DescMessage,
  A extends AuthMode,
  P = undefined,
  R extends boolean = false,
> {
  /** 'required': a live session is needed (code 16 otherwise); 'none': anyone may call. */
  auth: A;
  /**
   * The input's bounds (rpc/bounds.ts): checked right after decoding, before the rate limits
   * and the transaction, so an oversized input answers 400 naming the field and costs nothing.
   */
  bounds?: Fields<PlainOf<I>>;
  /** Attempts counted before anything else runs (429 when a bucket is exhausted). */
  rateLimit?: RateLimitSpec<PlainOf<I>>;
  /**
   * Slow work that must not hold the transaction (password hashing): runs after the rate
   * limits (and, for 'required', after the session checked out) but before the transaction
   * opens, except inside a Chain (see PrepareContext). Reads only; what it answers is handed
   * to the handler, which re-checks inside the transaction whatever may have changed since.
   * Throwing an AppError answers the call without opening a transaction.
   */
  prepare?: (input: PlainOf<I>, ctx: PrepareContextFor<A>) => Promise<P>;
  /**
   * The change kinds the call makes: the runtime records each after the handler, in the call's
   * transaction (timelineUpdatedAt or reminderUpdatedAt moves), and tells the user's other
   * devices once it commits, so handlers never publish by hand. A method that `replans`
   * declares none for the timeline: saving the plan records it.
   */
  changes?: readonly RealtimeEventType[];
  /**
   * The change kinds the call makes only sometimes, which its handler learns as it runs (a read
   * that brought the timeline up to now, a clean-up that found something): the handler reports
   * each one that happened with `ctx.changed(kind)`, and the runtime handles exactly those, as
   * the kind is declared here (see ReportedChange). A call that reports none announces none.
   */
  mayChange?: MayChange;
  /**
   * The call may re-plan: its handler gets `ctx.plan` (the planner app.ts handed the runtime),
   * and a plan it opened is settled and saved after it, in the same transaction; when it opened
   * or touched the plan, the devices are told the timeline changed.
   */
  replans?: R;
  /** Validated input -> one service call -> the answer. Runs inside the call's transaction. */
  handler: (
    input: PlainOf<I>,
    ctx: R extends true ? ReplanningContext : ContextFor<A>,
    prepared: P,
  ) => Promise<PlainOf<O>>;
}

/**
 * What the runtime does with a reported change kind. 'record': moves the state row's updated-at
 * in the call's transaction (as for a declared change), then announces it after commit.
 * 'announce': only announces it after commit, for a write that moved the mark itself (a timeline
 * save bumps timelineUpdatedAt with the state it writes) or a change no mark follows.
 */
type ReportedChange = 'record' | 'announce';
export type MayChange = Readonly<Partial<Record<RealtimeEventType, ReportedChange>>>;

/** A method as the transport holds it, its types erased behind the descriptor. */
export interface MethodDefinition {
  readonly method: DescMethod;
  readonly auth: AuthMode;
  readonly rateLimit: RateLimitSpec<unknown>;
  /** The change kinds announced after commit (see MethodSpec). */
  readonly changes: readonly RealtimeEventType[];
  /** The change kinds the handler may report, and how each is handled (see MethodSpec). */
  readonly mayChange: MayChange;
  /** Whether `run` gets the plan (see MethodSpec). */
  readonly replans: boolean;
  /** Throws a 400 naming the first field past its bound. */
  checkBounds(input: unknown): void;
  /** Present when the method has a pre-transaction step; its answer goes to `run`. */
  readonly prepare?: (
    input: unknown,
    ctx: PrepareContext | AuthedPrepareContext,
  ) => Promise<unknown>;
  run(
    input: unknown,
    ctx: PublicContext | AuthedContext | ReplanningContext,
    prepared: unknown,
  ): Promise<unknown>;
}

type TypedMethod<I extends DescMessage, O extends DescMessage> = DescMethod & {
  input: I;
  output: O;
};

/**
 * Binds a handler to a method of the protocol:
 * `defineMethod(AccountsService.method.updateUser, { auth: 'required', handler: ... })`.
 */
export function defineMethod<
  I extends DescMessage,
  O extends DescMessage,
  A extends AuthMode,
  P = undefined,
  R extends boolean = false,
>(method: TypedMethod<I, O>, spec: MethodSpec<I, O, A, P, R>): MethodDefinition {
  const { prepare, bounds } = spec;
  // The transport decodes `input` with method.input, builds the contexts that `auth` asks
  // for and hands `run` what `prepare` answered, so these casts restore exactly the types
  // the spec was written against.
  return {
    method,
    auth: spec.auth,
    rateLimit: (spec.rateLimit ?? []) as RateLimitSpec<unknown>,
    changes: spec.changes ?? [],
    mayChange: spec.mayChange ?? {},
    replans: spec.replans === true,
    checkBounds: (input) => {
      refuseNul(input);
      if (bounds) checkFields(input as PlainOf<I> & object, bounds);
    },
    ...(prepare && {
      prepare: (input, ctx) => prepare(input as PlainOf<I>, ctx as PrepareContextFor<A>),
    }),
    run: (input, ctx, prepared) =>
      spec.handler(
        input as PlainOf<I>,
        ctx as R extends true ? ReplanningContext : ContextFor<A>,
        prepared as P,
      ),
  };
}
