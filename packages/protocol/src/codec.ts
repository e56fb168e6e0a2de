import {
  fromBinary,
  fromJson,
  toBinary,
  toJsonString,
  type DescMessage,
  type JsonValue,
  type MessageShape,
} from '@bufbuild/protobuf';
import { ChainRequestSchema } from './gen/planner/v1/rpc_pb';
import { ContentType } from './headers';
import { fromPlain, toPlain, WireFormatError, type PlainInitOf, type PlainOf } from './plain';
import { plainBinaryCodec } from './plain-binary';
import { findMethod, typeRegistry, typeUrlOf } from './registry';

/** Binary protobuf (what the apps speak) or the protobuf JSON mapping (tools, tests, curl). */
export type WireFormat = 'binary' | 'json';

export function wireFormatOf(contentType: string | undefined): WireFormat | undefined {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === ContentType.binary || mediaType === '') return 'binary';
  if (mediaType === ContentType.json) return 'json';
  return undefined;
}

export function contentTypeOf(format: WireFormat): string {
  return format === 'json' ? `${ContentType.json}; charset=utf-8` : ContentType.binary;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

/** Encodes a message given as a protobuf-es message (already checked). */
export function encodeProto<D extends DescMessage>(
  desc: D,
  message: MessageShape<D>,
  format: WireFormat,
): Uint8Array {
  if (format === 'binary') return toBinary(desc, message);
  return utf8Encoder.encode(
    toJsonString(desc, message, { registry: typeRegistry, alwaysEmitImplicit: true }),
  );
}

/** Encodes a Plain object; a value that does not fit the schema throws WireFormatError. */
export function encodeMessage<D extends DescMessage>(
  desc: D,
  plain: PlainInitOf<D>,
  format: WireFormat,
): Uint8Array {
  const direct = format === 'binary' ? plainBinaryCodec(desc) : undefined;
  if (direct) return direct.encode(plain);
  return encodeProto(desc, fromPlain(desc, plain), format);
}

/** Decodes a body into a protobuf-es message; anything malformed throws WireFormatError. */
export function decodeProto<D extends DescMessage>(
  desc: D,
  body: Uint8Array,
  format: WireFormat,
): MessageShape<D> {
  if (format === 'binary') {
    try {
      return fromBinary(desc, body);
    } catch (error) {
      throw new WireFormatError('', `malformed protobuf body: ${errorText(error)}`);
    }
  }
  const json = parseJsonObject(body);
  const prepared = desc.typeName === ChainRequestSchema.typeName ? fillChainTypeUrls(json) : json;
  try {
    return fromJson(desc, prepared, { registry: typeRegistry, ignoreUnknownFields: false });
  } catch (error) {
    throw describeJsonError(errorText(error));
  }
}

/** Decodes a body into a Plain object (strict: unknown field, wrong type, out of range throw). */
export function decodeMessage<D extends DescMessage>(
  desc: D,
  body: Uint8Array,
  format: WireFormat,
): PlainOf<D> {
  const direct = format === 'binary' ? plainBinaryCodec(desc) : undefined;
  // The direct codec walks `desc`, which is exactly the shape PlainOf<D> describes.
  if (direct) return direct.decode(body) as PlainOf<D>;
  return toPlain(desc, decodeProto(desc, body, format));
}

function parseJsonObject(body: Uint8Array): JsonValue {
  if (body.length === 0) return {};
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(utf8Decoder.decode(body)) as JsonValue;
  } catch (error) {
    throw new WireFormatError('', `malformed JSON body: ${errorText(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WireFormatError('', 'the JSON body must be an object');
  }
  return parsed;
}

/** Lets a JSON Chain omit each step's "@type": the method already names its request type. */
function fillChainTypeUrls(json: JsonValue): JsonValue {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const steps = json.steps;
  if (!Array.isArray(steps)) return json;
  const filled = steps.map((step) => {
    if (typeof step !== 'object' || step === null || Array.isArray(step)) return step;
    const method = typeof step.method === 'string' ? findMethod(step.method) : undefined;
    const data = step.data ?? {};
    if (!method || typeof data !== 'object' || data === null || Array.isArray(data)) return step;
    if (data['@type'] !== undefined) return step;
    return { ...step, data: { '@type': typeUrlOf(method.input), ...data } };
  });
  return { ...json, steps: filled };
}

const FIELD_ERROR = /^cannot decode field ([\w.]+)\.(\w+) from JSON: (.*)$/s;
const UNKNOWN_KEY = /^cannot decode message ([\w.]+) from JSON: key "(.*)" is unknown$/s;
const MESSAGE_ERROR = /^cannot decode message ([\w.]+) from JSON: (.*)$/s;

/** Rewrites protobuf-es JSON errors to name the field by its JSON name. */
function describeJsonError(text: string): WireFormatError {
  const field = FIELD_ERROR.exec(text);
  if (field) {
    const [, typeName = '', protoName = '', detail = ''] = field;
    const desc = typeRegistry.getMessage(typeName);
    const jsonName = desc?.fields.find((f) => f.name === protoName)?.jsonName ?? protoName;
    return new WireFormatError(jsonName, `${detail} (in ${typeName})`);
  }
  const unknown = UNKNOWN_KEY.exec(text);
  if (unknown) {
    const [, typeName = '', key = ''] = unknown;
    return new WireFormatError(key, `unknown field (in ${typeName})`);
  }
  const message = MESSAGE_ERROR.exec(text);
  if (message) {
    const [, typeName = '', detail = ''] = message;
    return new WireFormatError('', `invalid ${typeName}: ${detail}`);
  }
  return new WireFormatError('', text);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
