import type { DescMessage, DescMethod } from '@bufbuild/protobuf';
import type { PlainOf } from '@planner/protocol';
import type { AuthMode, AuthedContext, ContextFor, PublicContext } from './context';
import type { RateLimitSpec } from './rate-limit';

export interface MethodSpec<I extends DescMessage, O extends DescMessage, A extends AuthMode> {
  /** 'required': a live session is needed (code 16 otherwise); 'none': anyone may call. */
  auth: A;
  /** Attempts counted before the handler runs (429 when a bucket is exhausted). */
  rateLimit?: RateLimitSpec<PlainOf<I>>;
  /** Validated input -> one service call -> the answer. Runs inside the call's transaction. */
  handler: (input: PlainOf<I>, ctx: ContextFor<A>) => Promise<PlainOf<O>>;
}

/** A method as the transport holds it, its types erased behind the descriptor. */
export interface MethodDefinition {
  readonly method: DescMethod;
  readonly auth: AuthMode;
  readonly rateLimit: RateLimitSpec<unknown>;
  run(input: unknown, ctx: PublicContext | AuthedContext): Promise<unknown>;
}

type TypedMethod<I extends DescMessage, O extends DescMessage> = DescMethod & {
  input: I;
  output: O;
};

/**
 * Binds a handler to a method of the protocol:
 * `defineMethod(AccountsService.method.updateUser, { auth: 'required', handler: ... })`.
 */
export function defineMethod<I extends DescMessage, O extends DescMessage, A extends AuthMode>(
  method: TypedMethod<I, O>,
  spec: MethodSpec<I, O, A>,
): MethodDefinition {
  return {
    method,
    auth: spec.auth,
    // The transport decodes `input` with method.input and builds the context that `auth` asks
    // for, so these casts restore exactly the types the spec was written against.
    rateLimit: (spec.rateLimit ?? []) as RateLimitSpec<unknown>,
    run: (input, ctx) => spec.handler(input as PlainOf<I>, ctx as ContextFor<A>),
  };
}
