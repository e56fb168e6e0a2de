import type { Kysely } from 'kysely';
import {
  packAny,
  RpcService,
  unpackAny,
  WireFormatError,
  type ChainRequest,
  type ChainResponse,
  type Plain,
  type PlainAny,
  type PlainInit,
  type PlainInitOf,
} from '@planner/protocol';
import type { Clock } from '../clock';
import type { Schema } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { AuthedContext, Authenticator, Db, PublicContext, RequestInfo } from './context';
import type { MethodDefinition } from './define-method';
import { AppError, invalid, notFound, sessionInvalid } from './errors';
import type { RateLimiters } from './rate-limit';

type Effect = () => Promise<void> | void;

export interface RpcRuntimeDeps {
  db: Kysely<Schema>;
  clock: Clock;
  authenticator: Authenticator;
  rateLimiters: RateLimiters;
  realtime: RealtimeHub;
  definitions: readonly MethodDefinition[];
  /** Where a failed after-commit effect is reported (it never fails the call). */
  onEffectError: (error: unknown) => void;
}

/** Thrown inside a Chain's transaction to roll it back after a step failed. */
class ChainRollback extends Error {}

export const CHAIN_METHOD = RpcService.method.chain.name;

/**
 * Runs methods: rate limit -> transaction -> authentication -> handler -> commit -> effects.
 * The wrappers live here so that handlers hold only their own logic.
 */
export class RpcRuntime {
  private readonly definitions: ReadonlyMap<string, MethodDefinition>;

  constructor(private readonly deps: RpcRuntimeDeps) {
    const map = new Map<string, MethodDefinition>();
    for (const definition of deps.definitions) {
      const name = definition.method.name;
      if (map.has(name) || name === CHAIN_METHOD)
        throw new Error(`Method ${name} is defined twice`);
      map.set(name, definition);
    }
    this.definitions = map;
  }

  /** The method by wire name; Chain is answered by `chain`, not by a definition. */
  find(name: string): MethodDefinition | undefined {
    return this.definitions.get(name);
  }

  /** One call in its own transaction. */
  async call(definition: MethodDefinition, input: unknown, info: RequestInfo): Promise<unknown> {
    await this.deps.rateLimiters.consume(definition.rateLimit, input, info);
    const effects: Effect[] = [];
    const output = await this.deps.db
      .transaction()
      .execute((trx) => this.runInTransaction(trx, definition, input, info, effects));
    this.runEffects(effects);
    return output;
  }

  /** Every step in order in ONE transaction; the first failure rolls back all of them. */
  async chain(request: Plain<ChainRequest>, info: RequestInfo): Promise<PlainInit<ChainResponse>> {
    const responses: PlainAny[] = [];
    const effects: Effect[] = [];
    let failure: { index: number; error: AppError } | undefined;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        for (const [index, step] of request.steps.entries()) {
          try {
            responses.push(await this.runStep(trx, step, index, info, effects));
          } catch (error) {
            const appError = asAppError(error);
            if (!appError) throw error;
            failure = { index, error: appError };
            throw new ChainRollback();
          }
        }
      });
    } catch (error) {
      if (!(error instanceof ChainRollback)) throw error;
    }
    if (failure) {
      const { code, message } = failure.error;
      return { responses, errorIndex: failure.index, error: { code, message } };
    }
    this.runEffects(effects);
    return { responses, errorIndex: -1 };
  }

  private async runStep(
    trx: Db,
    step: Plain<ChainRequest>['steps'][number],
    index: number,
    info: RequestInfo,
    effects: Effect[],
  ): Promise<PlainAny> {
    if (step.method === CHAIN_METHOD) throw invalid('A Chain step cannot be a Chain');
    const definition = this.find(step.method);
    if (!definition) throw notFound(`Unknown method ${step.method}`);
    const input = unpackAny(definition.method.input, step.data, `steps[${index}].data`);
    await this.deps.rateLimiters.consume(definition.rateLimit, input, info);
    const output = await this.runInTransaction(trx, definition, input, info, effects);
    // run() answers the Plain shape of definition.method.output (defineMethod ties them).
    return packAny(
      definition.method.output,
      output as PlainInitOf<typeof definition.method.output>,
    );
  }

  private async runInTransaction(
    trx: Db,
    definition: MethodDefinition,
    input: unknown,
    info: RequestInfo,
    effects: Effect[],
  ): Promise<unknown> {
    const base: PublicContext = {
      requestId: info.requestId,
      ip: info.ip,
      userAgent: info.userAgent,
      timezone: info.timezone,
      region: info.region,
      token: info.token,
      now: () => this.deps.clock.now(),
      db: trx,
      afterCommit: (effect) => effects.push(effect),
    };
    if (definition.auth === 'none') return definition.run(input, base);
    const session = info.token
      ? await this.deps.authenticator.authenticate(trx, info.token, this.deps.clock.now())
      : undefined;
    if (!session) throw sessionInvalid();
    const ctx: AuthedContext = {
      ...base,
      userId: session.userId,
      sessionId: session.sessionId,
      notify: (type) =>
        effects.push(() =>
          this.deps.realtime.publish({
            userId: session.userId,
            type,
            originSessionId: session.sessionId,
          }),
        ),
    };
    return definition.run(input, ctx);
  }

  private runEffects(effects: readonly Effect[]): void {
    for (const effect of effects) {
      // Not awaited: a slow mail server must not delay (or reveal anything through) the answer.
      Promise.resolve()
        .then(effect)
        .catch((error: unknown) => this.deps.onEffectError(error));
    }
  }
}

/** The client-facing form of an error, or undefined for a server fault. */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof WireFormatError) return invalid(error.message);
  return undefined;
}
