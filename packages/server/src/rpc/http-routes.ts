import { randomUUID } from 'node:crypto';
import type { DescMessage } from '@bufbuild/protobuf';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  ChainRequestSchema,
  ChainResponseSchema,
  contentTypeOf,
  decodeMessage,
  encodeMessage,
  ErrorCode,
  ErrorResponseSchema,
  Header,
  httpStatusForCode,
  tokenFromAuthorization,
  wireFormatOf,
  type PlainInitOf,
  type WireFormat,
} from '@planner/protocol';
import {
  DATABASE_UNAVAILABLE_CODE,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/connection-errors';
import { answerTooLarge, MAX_ANSWER_BYTES } from './chain-budget';
import type { RequestInfo } from './context';
import { AppError, invalid, notFound } from './errors';
import { IDEMPOTENCY_KEY } from './idempotency';
import { redactSecrets } from './redact';
import { asAppError, CHAIN_METHOD, type RpcRuntime } from './rpc-runtime';

const EMPTY_TYPE = 'google.protobuf.Empty';
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The request id to use: the client's when it is sane, else a fresh one. */
export function requestIdFor(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A region a trusted proxy may name: a country code up to a short place name, printable. */
const REGION = /^[\x20-\x7e]{2,64}$/;

/**
 * The client's region from the header a trusted proxy sets (REGION_HEADER), or '' when none is
 * configured (then any client could claim one) or the value is not a short printable text.
 */
function regionOf(request: FastifyRequest, regionHeader: string | undefined): string {
  if (!regionHeader) return '';
  const value = headerValue(request, regionHeader).trim();
  return REGION.test(value) ? value : '';
}

/** The `idempotency-key` header: undefined when absent, refused when not a proper key. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = headerValue(request, Header.idempotencyKey);
  if (!value) return undefined;
  if (!IDEMPOTENCY_KEY.test(value))
    throw invalid(`Header "${Header.idempotencyKey}": 16 to 64 letters, digits, "-" or "_"`);
  return value;
}

function requestInfo(request: FastifyRequest, regionHeader: string | undefined): RequestInfo {
  return {
    idempotencyKey: idempotencyKeyOf(request),
    requestId: request.id,
    ip: request.ip,
    userAgent: headerValue(request, 'user-agent'),
    timezone: headerValue(request, Header.timezone),
    region: regionOf(request, regionHeader),
    token: tokenFromAuthorization(headerValue(request, Header.authorization)),
  };
}

/** Header values must be Latin-1; the body carries the exact message. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);
}

/** Answers an application error in the request's format, with the two error headers. */
export function sendError(reply: FastifyReply, format: WireFormat, error: AppError): FastifyReply {
  const body = encodeMessage(
    ErrorResponseSchema,
    { code: error.code, message: error.message },
    format,
  );
  return reply
    .code(httpStatusForCode(error.code))
    .headers(error.headers)
    .header(Header.errorCode, String(error.code))
    .header(Header.errorMessage, headerSafe(error.message))
    .type(contentTypeOf(format))
    .send(Buffer.from(body));
}

/** A server fault: logged in full, answered with the request id and no detail. */
function internalError(requestId: string): AppError {
  return new AppError(ErrorCode.Internal, `Internal server error (request id ${requestId})`);
}

/**
 * What a call answers for an error that is not the client's: 503 when the database connection
 * was lost (the pool reconnects; trying again works), else a logged 500.
 */
export function faultAnswer(
  error: unknown,
  request: FastifyRequest,
  details: Record<string, unknown> = {},
): AppError {
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, ...details }, 'database unavailable');
    return new AppError(DATABASE_UNAVAILABLE_CODE, DATABASE_UNAVAILABLE_MESSAGE, {
      'retry-after': '1',
    });
  }
  request.log.error({ err: error, ...details }, 'server fault');
  return internalError(request.id);
}

/** Decodes, runs and encodes one call; returns the response body (undefined: 204). */
async function answer(
  runtime: RpcRuntime,
  options: RpcRouteOptions,
  name: string,
  body: Buffer,
  format: WireFormat,
  request: FastifyRequest,
  trace: { input?: unknown },
): Promise<Uint8Array | undefined> {
  if (name === CHAIN_METHOD) {
    if (headerValue(request, Header.idempotencyKey))
      throw invalid(`Header "${Header.idempotencyKey}" is not taken on Chain`);
    const chain = decodeMessage(ChainRequestSchema, body, format);
    trace.input = chain.steps.map((step) => step.method);
    let sealed: Uint8Array | undefined;
    const answered = await runtime.chain(chain, requestInfo(request, options.regionHeader), (a) => {
      sealed = encodeCapped(ChainResponseSchema, a, format);
    });
    // A failed Chain's answer (the error, the steps before it) is encoded here.
    return answered.errorIndex === -1 && sealed
      ? sealed
      : encodeMessage(ChainResponseSchema, answered, format);
  }
  const definition = runtime.find(name);
  if (!definition) throw notFound(`Unknown method ${name}`);
  const input = decodeMessage(definition.method.input, body, format);
  trace.input = input;
  const schema = definition.method.output;
  let sealed: Uint8Array | undefined;
  await runtime.call(definition, input, requestInfo(request, options.regionHeader), (output) => {
    // The runtime answers the Plain shape of the method's output (defineMethod ties them).
    if (schema.typeName !== EMPTY_TYPE)
      sealed = encodeCapped(schema, output as PlainInitOf<typeof schema>, format);
  });
  return sealed;
}

/**
 * The answer in the format it is sent in, refused (413) past MAX_ANSWER_BYTES of that format:
 * one cap for single calls and whole Chains alike, counted in the bytes that go out.
 */
function encodeCapped<T extends DescMessage>(
  schema: T,
  message: PlainInitOf<T>,
  format: WireFormat,
): Uint8Array {
  const encoded = encodeMessage(schema, message, format);
  if (encoded.length > MAX_ANSWER_BYTES) throw answerTooLarge(encoded.length);
  return encoded;
}

export interface RpcRouteOptions {
  /** The header a trusted proxy sets to the client's region (REGION_HEADER); unset: none. */
  regionHeader?: string | undefined;
}

/** `POST /api/{Method}`: binary protobuf or JSON in, the same out; 200 with a body, or 204. */
export function registerRpcRoutes(
  app: FastifyInstance,
  runtime: RpcRuntime,
  options: RpcRouteOptions = {},
): void {
  app.post<{ Params: { method: string } }>(`${API_PREFIX}/:method`, async (request, reply) => {
    const format = wireFormatOf(request.headers['content-type']);
    const name = request.params.method;
    const trace: { input?: unknown } = {};
    try {
      if (!format) {
        throw invalid(
          `Unsupported content type "${request.headers['content-type'] ?? ''}": ` +
            'send application/x-protobuf or application/json',
        );
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const output = await answer(runtime, options, name, body, format, request, trace);
      if (!output) return await reply.code(204).send();
      return await reply.type(contentTypeOf(format)).send(Buffer.from(output));
    } catch (error) {
      const appError = asAppError(error);
      if (appError) return sendError(reply, format ?? 'json', appError);
      return sendError(
        reply,
        format ?? 'json',
        faultAnswer(error, request, { method: name, input: redactSecrets(trace.input) }),
      );
    }
  });
}
