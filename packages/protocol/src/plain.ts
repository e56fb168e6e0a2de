import {
  create,
  getOption,
  hasOption,
  ScalarType,
  type DescField,
  type DescMessage,
  type Message,
  type MessageShape,
} from '@bufbuild/protobuf';
import { words } from './gen/planner/v1/options_pb';
import { WireFormatError } from './wire-format-error';

/**
 * The protobuf-es message shape as the rest of the code sees it: int64 is a `number` (exact up to
 * 2^53), no `$typeName`. Decoded messages have every scalar field; message fields may be absent.
 */
export type Plain<T> = T extends bigint
  ? number
  : T extends Uint8Array
    ? Uint8Array
    : T extends readonly (infer E)[]
      ? Plain<E>[]
      : T extends Message
        ? { [K in keyof T as K extends '$typeName' | '$unknown' ? never : K]: Plain<T[K]> }
        : T extends object
          ? { [K in keyof T]: Plain<T[K]> }
          : T;

/** What a caller may give to build a message: every field optional (defaults fill the rest). */
export type PlainInit<T> = T extends bigint
  ? number
  : T extends Uint8Array
    ? Uint8Array
    : T extends readonly (infer E)[]
      ? PlainInit<E>[]
      : T extends Message
        ? { [K in keyof T as K extends '$typeName' | '$unknown' ? never : K]?: PlainInit<T[K]> }
        : T extends object
          ? { [K in keyof T]: PlainInit<T[K]> }
          : T;

export type PlainOf<D extends DescMessage> = Plain<MessageShape<D>>;
export type PlainInitOf<D extends DescMessage> = PlainInit<MessageShape<D>>;

export { WireFormatError };

type Json = Record<string, unknown>;
type FieldValueKind =
  | { kind: 'scalar'; scalar: ScalarType; words?: ReadonlySet<string> }
  | { kind: 'enum' }
  | { kind: 'message'; message: DescMessage };

const INT64_TYPES = new Set([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
]);
const INT32_TYPES = new Set([ScalarType.INT32, ScalarType.SINT32, ScalarType.SFIXED32]);
const UINT32_TYPES = new Set([ScalarType.UINT32, ScalarType.FIXED32]);

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

const wordsCache = new WeakMap<DescField, ReadonlySet<string> | undefined>();

/** The `(planner.v1.words)` a string field is limited to, if the schema says so. */
export function wordsOf(field: DescField): ReadonlySet<string> | undefined {
  if (!wordsCache.has(field)) {
    const list = hasOption(field, words) ? getOption(field, words) : '';
    wordsCache.set(field, list ? new Set(list.split(',').map((w) => w.trim())) : undefined);
  }
  return wordsCache.get(field);
}

function checkWord(kind: FieldValueKind, value: unknown, path: string): void {
  if (kind.kind !== 'scalar' || !kind.words || value === '' || typeof value !== 'string') return;
  if (!kind.words.has(value)) {
    throw new WireFormatError(
      path,
      `expected one of ${[...kind.words].map((w) => JSON.stringify(w)).join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
}

function elementKind(field: DescField): FieldValueKind {
  switch (field.fieldKind) {
    case 'scalar':
      return { kind: 'scalar', scalar: field.scalar, words: wordsOf(field) };
    case 'enum':
      return { kind: 'enum' };
    case 'message':
      return { kind: 'message', message: field.message };
    case 'list':
      if (field.listKind === 'scalar') {
        return { kind: 'scalar', scalar: field.scalar, words: wordsOf(field) };
      }
      if (field.listKind === 'enum') return { kind: 'enum' };
      return { kind: 'message', message: field.message };
    case 'map':
      if (field.mapKind === 'scalar') return { kind: 'scalar', scalar: field.scalar };
      if (field.mapKind === 'enum') return { kind: 'enum' };
      return { kind: 'message', message: field.message };
  }
}

/** Applies `convert` to a field's value, element by element for lists and maps. */
function mapField(
  field: DescField,
  value: unknown,
  path: string,
  convert: (kind: FieldValueKind, v: unknown, p: string) => unknown,
): unknown {
  const kind = elementKind(field);
  if (field.fieldKind === 'list') {
    if (!Array.isArray(value)) throw new WireFormatError(path, 'expected a list');
    return value.map((item, i) => convert(kind, item, `${path}[${i}]`));
  }
  if (field.fieldKind === 'map') {
    if (!isRecord(value)) throw new WireFormatError(path, 'expected a map');
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, convert(kind, v, `${path}.${k}`)]),
    );
  }
  return convert(kind, value, path);
}

function walkMessage(
  desc: DescMessage,
  source: Json,
  path: string,
  convert: (kind: FieldValueKind, v: unknown, p: string) => unknown,
): Json {
  const out: Json = {};
  for (const member of desc.members) {
    const value = source[member.localName];
    if (value === undefined) continue;
    if (member.kind === 'oneof') {
      if (!isRecord(value))
        throw new WireFormatError(join(path, member.localName), 'expected a oneof');
      const chosen = member.fields.find((f) => f.localName === value.case);
      out[member.localName] = chosen
        ? {
            case: chosen.localName,
            value: mapField(chosen, value.value, join(path, chosen.jsonName), convert),
          }
        : { case: undefined };
      continue;
    }
    out[member.localName] = mapField(member, value, join(path, member.jsonName), convert);
  }
  return out;
}

function scalarToPlain(scalar: ScalarType, value: unknown, path: string): unknown {
  if (!INT64_TYPES.has(scalar)) return value;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new WireFormatError(path, `${String(value)} is out of range (beyond 2^53)`);
  }
  return n;
}

function valueToPlain(kind: FieldValueKind, value: unknown, path: string): unknown {
  if (kind.kind === 'message') {
    if (!isRecord(value)) throw new WireFormatError(path, 'expected a message');
    return walkMessage(kind.message, value, path, valueToPlain);
  }
  if (kind.kind === 'scalar') {
    checkWord(kind, value, path);
    return scalarToPlain(kind.scalar, value, path);
  }
  return value;
}

/** A protobuf-es message as a Plain object. Throws WireFormatError for an int64 beyond 2^53. */
export function toPlain<D extends DescMessage>(desc: D, message: MessageShape<D>): PlainOf<D> {
  // The walk follows `desc`, which is exactly the shape PlainOf<D> describes.
  return walkMessage(desc, message as unknown as Json, '', valueToPlain) as PlainOf<D>;
}

function expectInteger(
  value: unknown,
  path: string,
  min: number,
  max: number,
  type: string,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new WireFormatError(path, `expected ${type}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function scalarFromPlain(scalar: ScalarType, value: unknown, path: string): unknown {
  if (INT64_TYPES.has(scalar)) {
    const min =
      scalar === ScalarType.UINT64 || scalar === ScalarType.FIXED64 ? 0 : -Number.MAX_SAFE_INTEGER;
    return BigInt(
      expectInteger(value, path, min, Number.MAX_SAFE_INTEGER, 'an integer below 2^53'),
    );
  }
  if (INT32_TYPES.has(scalar))
    return expectInteger(value, path, -(2 ** 31), 2 ** 31 - 1, 'an int32');
  if (UINT32_TYPES.has(scalar)) return expectInteger(value, path, 0, 2 ** 32 - 1, 'a uint32');
  const expected =
    scalar === ScalarType.STRING
      ? 'string'
      : scalar === ScalarType.BOOL
        ? 'boolean'
        : scalar === ScalarType.BYTES
          ? 'bytes'
          : 'number';
  const ok = expected === 'bytes' ? value instanceof Uint8Array : typeof value === expected;
  if (!ok) throw new WireFormatError(path, `expected ${expected}, got ${JSON.stringify(value)}`);
  return value;
}

function valueFromPlain(kind: FieldValueKind, value: unknown, path: string): unknown {
  if (kind.kind === 'message') {
    if (!isRecord(value)) throw new WireFormatError(path, 'expected an object');
    return walkMessage(kind.message, value, path, valueFromPlain);
  }
  if (kind.kind === 'scalar') {
    const checked = scalarFromPlain(kind.scalar, value, path);
    checkWord(kind, checked, path);
    return checked;
  }
  return expectInteger(value, path, -(2 ** 31), 2 ** 31 - 1, 'an enum number');
}

/** Builds a protobuf-es message from a Plain object, checking every value against the schema. */
export function fromPlain<D extends DescMessage>(desc: D, plain: PlainInitOf<D>): MessageShape<D> {
  if (!isRecord(plain)) throw new WireFormatError('', 'expected an object');
  const init = walkMessage(desc, plain, '', valueFromPlain);
  // `init` now holds bigint where the schema says int64: the init shape create() expects.
  return create(desc, init as Parameters<typeof create<D>>[1]);
}
