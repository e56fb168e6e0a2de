import type { ChainOutputs, ChainStepInit } from './chain';
import { NetworkError, RpcError } from './errors';
import { APP_VERSION, ContentType, Header } from './headers';
import type { ErrorResponse } from './gen/planner/v1/rpc_pb';
import type { InputInit, MethodName, Output } from './methods';
import type { Plain } from './plain';
import { loadWireMethod, wireCodec } from './wire-schema';

// What a web page needs before it paints comes from this module, so it speaks binary through the
// compact wire schema alone. protobuf-es (descriptors, JSON, the type registry) is loaded on
// first use by the few shapes the direct codec does not take: Chain's Any, the statistics maps.
export { ErrorCode, NetworkError, RpcError, type ErrorCodeValue } from './errors';
export { APP_VERSION } from './headers';
export type { InputInit, MethodName, Output } from './methods';
// The schema of the methods not called before the agenda paints loads with the first call of one.
export { loadWireSchema } from './wire-schema';

/** The method's descriptor and protobuf-es's general codec. */
async function generalCodec(method: string) {
  const [{ decodeMessage, encodeMessage }, { findMethod }] = await Promise.all([
    import('./codec'),
    import('./methods'),
  ]);
  const desc = findMethod(method);
  if (!desc) throw new Error(`Unknown method ${method}`);
  return { desc, decodeMessage, encodeMessage };
}

async function encodeInput(method: string, typeName: string, input: unknown): Promise<Uint8Array> {
  const direct = wireCodec(typeName);
  if (direct) return direct.encode(input);
  const { desc, encodeMessage } = await generalCodec(method);
  // The caller's InputInit<M> is the Plain init shape of the method's input.
  return encodeMessage(desc.input, input as Parameters<typeof encodeMessage>[1], 'binary');
}

async function decodeOutput(method: string, typeName: string, body: Uint8Array): Promise<unknown> {
  const direct = wireCodec(typeName);
  if (direct) return direct.decode(body);
  const { desc, decodeMessage } = await generalCodec(method);
  return decodeMessage(desc.output, body, 'binary');
}

export interface RetryPolicy {
  /** Retries after the first attempt fails at the network level. */
  retries: number;
  delayMs: number;
}

/** The spec's retries: network failures 10 times at 1 s, GetUserProfile 1000 times at 2 s. */
export function defaultRetryPolicy(method: string): RetryPolicy {
  return method === 'GetUserProfile'
    ? { retries: 1000, delayMs: 2000 }
    : { retries: 10, delayMs: 1000 };
}

export interface CallOptions {
  /** Retry network failures (default true). */
  retry?: boolean;
  /** Whether the UI shows a loading indicator for this call (default true); passed to hooks. */
  showLoading?: boolean;
  signal?: AbortSignal;
  /**
   * Sent as `idempotency-key` on every attempt: a signed-in change whose answer was lost is
   * applied once however often it is sent again with the same key (within 24 hours).
   */
  idempotencyKey?: string;
}

export interface CallInfo {
  method: string;
  requestId: string;
  retry: boolean;
  showLoading: boolean;
  idempotencyKey?: string;
}

export interface NetworkFailure extends CallInfo {
  /** 1 for the first attempt. */
  attempt: number;
  willRetry: boolean;
  error: unknown;
}

export interface ClientOptions {
  /** The API base, e.g. `/api` or `http://127.0.0.1:8080/api`. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  /** IANA zone sent with every call; defaults to the runtime's zone. */
  timezone?: string | (() => string);
  appVersion?: string;
  fetch?: typeof fetch;
  /** Every network-level failure (the server was not reached or a proxy answered instead). */
  onNetworkFailure?: (failure: NetworkFailure) => void;
  /** The server answered (even with an application error): connectivity is fine. */
  onSuccess?: (call: CallInfo) => void;
  onCallStart?: (call: CallInfo) => void;
  onCallEnd?: (call: CallInfo) => void;
  retryPolicy?: (method: string) => RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
}

export interface Client {
  call<M extends MethodName>(
    method: M,
    input?: InputInit<M>,
    options?: CallOptions,
  ): Promise<Output<M>>;
  /** Runs the steps in one transaction; a failed step throws its RpcError (nothing was kept). */
  chain<const S extends readonly ChainStepInit[]>(
    steps: S,
    options?: CallOptions,
  ): Promise<ChainOutputs<S>>;
}

type Answer = { kind: 'ok'; body: Uint8Array } | { kind: 'error'; error: RpcError };

function defaultTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A random UUID v4. Not crypto.randomUUID(): browsers offer it only in secure contexts, and the
 * app may be served over plain http on a local network.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createClient(options: ClientOptions): Client {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? wait;
  const policyFor = options.retryPolicy ?? defaultRetryPolicy;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  function headersFor(info: CallInfo): Record<string, string> {
    const tz = typeof options.timezone === 'function' ? options.timezone() : options.timezone;
    const headers: Record<string, string> = {
      'content-type': ContentType.binary,
      accept: ContentType.binary,
      [Header.requestId]: info.requestId,
      [Header.timezone]: tz ?? defaultTimezone(),
      [Header.appVersion]: options.appVersion ?? APP_VERSION,
    };
    const token = options.getToken?.();
    if (token) headers[Header.authorization] = `Bearer ${token}`;
    if (info.idempotencyKey) headers[Header.idempotencyKey] = info.idempotencyKey;
    return headers;
  }

  /** One HTTP exchange; throws when the server was not reached (worth retrying). */
  async function exchange(
    info: CallInfo,
    body: Uint8Array<ArrayBuffer>,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const response = await doFetch(`${baseUrl}/${info.method}`, {
      method: 'POST',
      headers: headersFor(info),
      body,
      ...(signal ? { signal } : {}),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.ok)
      return { kind: 'ok', body: response.status === 204 ? new Uint8Array() : bytes };
    const code = response.headers.get(Header.errorCode);
    if (code === null) throw new UnreachableError(`HTTP ${response.status} without an error code`);
    return { kind: 'error', error: readError(info.method, Number(code), response, bytes) };
  }

  async function send(
    info: CallInfo,
    body: Uint8Array<ArrayBuffer>,
    signal?: AbortSignal,
  ): Promise<Uint8Array> {
    const policy = policyFor(info.method);
    const retries = info.retry ? policy.retries : 0;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer;
      try {
        answer = await exchange(info, body, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        const willRetry = attempt <= retries;
        options.onNetworkFailure?.({ ...info, attempt, willRetry, error });
        if (!willRetry) throw new NetworkError(info.method, attempt, { cause: error });
        await sleep(policy.delayMs);
        continue;
      }
      options.onSuccess?.(info);
      if (answer.kind === 'error') throw answer.error;
      return answer.body;
    }
  }

  async function call<M extends MethodName>(
    method: M,
    input?: InputInit<M>,
    callOptions: CallOptions = {},
  ): Promise<Output<M>> {
    // The later methods' schema not loaded (offline before the service worker kept it) is a
    // call that did not reach the server, as a failed fetch would be.
    const types = await loadWireMethod(method).catch((error: unknown) => {
      throw new NetworkError(method, 1, { cause: error });
    });
    if (!types) throw new Error(`Unknown method ${method}`);
    const [inputType, outputType] = types;
    const body = new Uint8Array(await encodeInput(method, inputType, input ?? {}));
    const info: CallInfo = {
      method,
      requestId: newRequestId(),
      retry: callOptions.retry ?? true,
      showLoading: callOptions.showLoading ?? true,
      ...(callOptions.idempotencyKey && { idempotencyKey: callOptions.idempotencyKey }),
    };
    options.onCallStart?.(info);
    try {
      const answer = await send(info, body, callOptions.signal);
      // The answer was decoded with M's output type, which is what Output<M> describes.
      return (await decodeOutput(method, outputType, answer)) as Output<M>;
    } finally {
      options.onCallEnd?.(info);
    }
  }

  async function chain<const S extends readonly ChainStepInit[]>(
    steps: S,
    callOptions?: CallOptions,
  ): Promise<ChainOutputs<S>> {
    const [{ packChainSteps, unpackAny }, { findMethod }] = await Promise.all([
      import('./chain'),
      import('./methods'),
    ]);
    const result = await call('Chain', { steps: packChainSteps(steps) }, callOptions);
    if (result.errorIndex >= 0) {
      const failed = steps[result.errorIndex]?.method ?? 'Chain';
      throw new RpcError(result.error?.code ?? 500, result.error?.message ?? '', failed);
    }
    const outputs = steps.map((step, index) => {
      const desc = findMethod(step.method);
      if (!desc) throw new Error(`Unknown method ${step.method}`);
      return unpackAny(desc.output, result.responses[index], `responses[${index}]`);
    });
    // Each answer was decoded with its own step's output schema, as ChainOutputs<S> states.
    return outputs as ChainOutputs<S>;
  }

  return { call, chain };
}

class UnreachableError extends Error {
  override name = 'UnreachableError';
}

function readError(method: string, code: number, response: Response, body: Uint8Array): RpcError {
  const isBinary = (response.headers.get('content-type') ?? '').startsWith(ContentType.binary);
  const codec = isBinary ? wireCodec('planner.v1.ErrorResponse') : undefined;
  if (codec) {
    try {
      // The direct codec decodes ErrorResponse into exactly its Plain shape.
      const decoded = codec.decode(body) as Plain<ErrorResponse>;
      return new RpcError(decoded.code || code, decoded.message, method);
    } catch {
      // Fall back to the headers below.
    }
  }
  return new RpcError(code, response.headers.get(Header.errorMessage) ?? '', method);
}
