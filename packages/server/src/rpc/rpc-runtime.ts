import type { Kysely } from 'kysely';
import { INPUT_BOUNDS } from '@planner/core';
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
import type {
  AuthedContext,
  Authenticator,
  CallBasics,
  Db,
  OpenPlan,
  Planner,
  PrepareContext,
  PublicContext,
  ReadOnlyDb,
  ReplanningContext,
  RequestInfo,
} from './context';
import type { RealtimeEventType } from '../realtime/realtime-hub';
import { recordChange } from '../plan-store/timeline-state';
import type { MethodDefinition } from './define-method';
import { AppError, invalid, notFound, sessionInvalid } from './errors';
import { ChainBudget } from './chain-budget';
import { runOnce } from './idempotency';
import type { RateLimiters } from './rate-limit';

type Effect = () => Promise<void> | void;
type Session = { userId: string; sessionId: string };
type Prepare = NonNullable<MethodDefinition['prepare']>;
type CheckedStep = { definition: MethodDefinition; input: unknown };
type StepFailure = { index: number; error: AppError };

export interface RpcRuntimeDeps {
  db: Kysely<Schema>;
  clock: Clock;
  authenticator: Authenticator;
  rateLimiters: RateLimiters;
  realtime: RealtimeHub;
  definitions: readonly MethodDefinition[];
  /** Runs the re-plans of methods that declare `replans` (timeline/, handed in by app.ts). */
  planner?: Planner;
  /** Where a failed after-commit effect is reported (it never fails the call). */
  onEffectError: (error: unknown) => void;
}

/** Thrown inside a Chain's transaction to roll it back after a step failed. */
class ChainRollback extends Error {}

export const CHAIN_METHOD = RpcService.method.chain.name;

/**
 * Runs methods: rate limit -> [prepare] -> transaction -> authentication -> handler -> commit
 * -> effects. `prepare` (slow work such as password hashing) runs outside the transaction so
 * that it does not hold SQLite's single connection (or a pooled one) while it works.
 * The wrappers live here so that handlers hold only their own logic.
 */
export class RpcRuntime {
  private readonly definitions: ReadonlyMap<string, MethodDefinition>;
  /**
   * One function for every call: a closure made per call costs more than it seems under tsx,
   * which names each one (esbuild's keepNames) with a defineProperty.
   */
  private readonly now = (): number => this.deps.clock.now();

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

  /**
   * One call: its `prepare` step (if any) outside, then its own transaction. `seal` sees the
   * answer before the transaction commits (the transport encodes it there and refuses one over
   * the size cap, so a refused answer leaves nothing changed).
   */
  async call(
    definition: MethodDefinition,
    input: unknown,
    info: RequestInfo,
    seal?: (output: unknown) => void,
  ): Promise<unknown> {
    definition.checkBounds(input);
    await this.deps.rateLimiters.consume(definition.rateLimit, input, info);
    let prepared: unknown;
    if (definition.prepare) {
      // Checked in a short transaction of its own, so that no slow work is done for a caller
      // without a session; checked again inside the call's transaction (it may end meanwhile).
      const session =
        definition.auth === 'required'
          ? await this.deps.db.transaction().execute((trx) => this.authenticate(trx, info))
          : undefined;
      prepared = await this.prepare(definition.prepare, input, info, this.deps.db, session);
    }
    const effects: Effect[] = [];
    const output = await this.deps.db.transaction().execute(async (trx) => {
      const answer = await this.runOnceIfKeyed(trx, definition, input, info, effects, prepared);
      seal?.(answer);
      return answer;
    });
    this.runEffects(effects);
    return output;
  }

  /** The call in its transaction, applied once per idempotency key when it carries one. */
  private async runOnceIfKeyed(
    trx: Db,
    definition: MethodDefinition,
    input: unknown,
    info: RequestInfo,
    effects: Effect[],
    prepared: unknown,
  ): Promise<unknown> {
    const key = info.idempotencyKey;
    if (!key || definition.auth !== 'required')
      return this.runInTransaction(trx, definition, input, info, effects, prepared);
    const session = await this.authenticate(trx, info);
    const keyed = {
      userId: session.userId,
      key,
      method: definition.method.name,
      output: definition.method.output,
      now: this.deps.clock.now(),
    };
    return runOnce(trx, keyed, () =>
      this.runInTransaction(trx, definition, input, info, effects, prepared, session),
    );
  }

  /**
   * Every step in order in ONE transaction; the first failure rolls back all of them. Each
   * step is decoded and checked against its bounds before the transaction opens, and the
   * chain stops (rolled back) once it has run past its time or answer-size budget, so that
   * no Chain holds the database for long. `seal` sees the whole answer before the commit (the
   * transport encodes it in the format it will send and refuses it over the size cap: then the
   * last step reports the 413 and everything rolls back).
   */
  async chain(
    request: Plain<ChainRequest>,
    info: RequestInfo,
    seal?: (answer: PlainInit<ChainResponse>) => void,
  ): Promise<PlainInit<ChainResponse>> {
    if (request.steps.length > INPUT_BOUNDS.chainSteps) {
      throw invalid(`field "steps": at most ${INPUT_BOUNDS.chainSteps} steps`);
    }
    const checked = this.checkSteps(request.steps);
    if (!Array.isArray(checked))
      return { responses: [], errorIndex: checked.index, error: checked.error };
    const responses: PlainAny[] = [];
    const effects: Effect[] = [];
    const budget = new ChainBudget();
    let failure: StepFailure | undefined;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        for (const [index, step] of checked.entries()) {
          try {
            budget.beforeStep(index);
            const response = await this.runStep(trx, step, info, effects, budget);
            budget.afterStep(index, response.value.length);
            responses.push(response);
          } catch (error) {
            const appError = asAppError(error);
            if (!appError) throw error;
            failure = { index, error: appError };
            throw new ChainRollback();
          }
        }
        try {
          seal?.({ responses, errorIndex: -1 });
        } catch (error) {
          const appError = asAppError(error);
          if (!appError) throw error;
          // Nothing of an answer too large is sent: the error alone.
          responses.length = 0;
          failure = { index: checked.length - 1, error: appError };
          throw new ChainRollback();
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

  /** Each step's definition and decoded input, or the first step that is not acceptable. */
  private checkSteps(steps: Plain<ChainRequest>['steps']): CheckedStep[] | StepFailure {
    const checked: CheckedStep[] = [];
    for (const [index, step] of steps.entries()) {
      try {
        if (step.method === CHAIN_METHOD) throw invalid('A Chain step cannot be a Chain');
        const definition = this.find(step.method);
        if (!definition) throw notFound(`Unknown method ${step.method}`);
        const input = unpackAny(definition.method.input, step.data, `steps[${index}].data`);
        definition.checkBounds(input);
        checked.push({ definition, input });
      } catch (error) {
        const appError = asAppError(error);
        if (!appError) throw error;
        return { index, error: appError };
      }
    }
    return checked;
  }

  private async runStep(
    trx: Db,
    { definition, input }: CheckedStep,
    info: RequestInfo,
    effects: Effect[],
    budget: ChainBudget,
  ): Promise<PlainAny> {
    await this.deps.rateLimiters.consume(definition.rateLimit, input, info);
    let prepared: unknown;
    let session: Session | undefined;
    if (definition.prepare) {
      // A step must see the earlier steps' writes, so it prepares inside the chain's
      // transaction (on SQLite another connection would wait for this one forever).
      if (definition.auth === 'required') session = await this.authenticate(trx, info);
      const preparing = performance.now();
      prepared = await this.prepare(definition.prepare, input, info, trx, session);
      budget.notCounted(performance.now() - preparing);
    }
    const output = await this.runInTransaction(
      trx,
      definition,
      input,
      info,
      effects,
      prepared,
      session,
    );
    // run() answers the Plain shape of definition.method.output (defineMethod ties them).
    return packAny(
      definition.method.output,
      output as PlainInitOf<typeof definition.method.output>,
    );
  }

  private basics(info: RequestInfo): CallBasics {
    return {
      requestId: info.requestId,
      ip: info.ip,
      userAgent: info.userAgent,
      timezone: info.timezone,
      region: info.region,
      token: info.token,
      now: this.now,
    };
  }

  /** The live session of the call's token; code 16 without one. */
  private async authenticate(db: Db, info: RequestInfo): Promise<Session> {
    const session = info.token
      ? await this.deps.authenticator.authenticate(db, info.token, this.deps.clock.now())
      : undefined;
    if (!session) throw sessionInvalid();
    return session;
  }

  private prepare(
    prepare: Prepare,
    input: unknown,
    info: RequestInfo,
    db: ReadOnlyDb,
    session: Session | undefined,
  ): Promise<unknown> {
    const ctx: PrepareContext = { ...this.basics(info), db };
    return prepare(
      input,
      session ? { ...ctx, userId: session.userId, sessionId: session.sessionId } : ctx,
    );
  }

  private async runInTransaction(
    trx: Db,
    definition: MethodDefinition,
    input: unknown,
    info: RequestInfo,
    effects: Effect[],
    prepared: unknown,
    /** Already checked in this same transaction (a Chain step that prepared). */
    checkedSession?: Session,
  ): Promise<unknown> {
    const base: PublicContext = {
      ...this.basics(info),
      db: trx,
      afterCommit: (effect) => effects.push(effect),
    };
    if (definition.auth === 'none') return definition.run(input, base, prepared);
    const session = checkedSession ?? (await this.authenticate(trx, info));
    const announce = (type: RealtimeEventType) =>
      effects.push(() =>
        this.deps.realtime.publish({
          userId: session.userId,
          type,
          originSessionId: session.sessionId,
        }),
      );
    const toRecord: RealtimeEventType[] = [];
    const ctx: AuthedContext = {
      ...base,
      userId: session.userId,
      sessionId: session.sessionId,
      changed: (type) => {
        const handling = definition.mayChange[type];
        if (!handling) {
          throw new Error(`${definition.method.name} reports ${type}, not in its mayChange`);
        }
        if (handling === 'record') toRecord.push(type);
        // Queued now, in the order reported; effects run only once the transaction commits.
        announce(type);
      },
    };
    const output = definition.replans
      ? await this.runReplanning(trx, definition, input, ctx, prepared, announce)
      : await definition.run(input, ctx, prepared);
    const record = (type: RealtimeEventType) =>
      recordChange(trx, session.userId, type, this.now(), info.requestId);
    for (const type of toRecord) await record(type);
    // Declared changes: recorded in the call's transaction (polling clients see them), then
    // announced to the user's other devices once it commits.
    for (const type of definition.changes) {
      await record(type);
      announce(type);
    }
    return output;
  }

  /**
   * A method that declared `replans`: its handler reaches the planner app.ts handed in, and a
   * plan it opened is settled and saved after it, in the call's transaction; the timeline
   * change is then announced like a declared one.
   */
  private async runReplanning(
    trx: Db,
    definition: MethodDefinition,
    input: unknown,
    ctx: AuthedContext,
    prepared: unknown,
    announce: (type: RealtimeEventType) => void,
  ): Promise<unknown> {
    const planner = this.deps.planner;
    if (!planner) throw new Error(`${definition.method.name} re-plans but no planner was given`);
    let opened: Promise<OpenPlan> | undefined;
    let touched = false;
    const plan: ReplanningContext['plan'] = {
      catchUp: (now) => planner.catchUp(trx, ctx.userId, now),
      open: (now) => (opened ??= planner.open(trx, ctx.userId, now, ctx.requestId)),
      touch: (now) => {
        touched = true;
        return planner.touch(trx, ctx.userId, now);
      },
    };
    const output = await definition.run(input, { ...ctx, plan }, prepared);
    if (opened) await (await opened).settle();
    if (opened || touched) announce('timelineStateUpdated');
    return output;
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
