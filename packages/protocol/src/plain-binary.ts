import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { wordsOf } from './plain';
import {
  codecOf,
  MESSAGE,
  MESSAGE_LIST,
  messagePlanOf,
  SCALAR,
  SCALAR_LIST,
  type FieldSpec,
  type MessagePlan,
  type PlainBinaryCodec,
} from './plain-binary-codec';

export type { PlainBinaryCodec } from './plain-binary-codec';

/** protobuf-es's FeatureSet_FieldPresence.IMPLICIT. */
const IMPLICIT = 2;

const SUPPORTED_SCALARS = new Set([
  ScalarType.STRING,
  ScalarType.BOOL,
  ScalarType.INT32,
  ScalarType.UINT32,
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.DOUBLE,
  ScalarType.BYTES,
]);

function fieldSupported(field: DescField): boolean {
  if (field.oneof || field.fieldKind === 'map' || field.fieldKind === 'enum') return false;
  if (field.fieldKind === 'list' && field.listKind === 'enum') return false;
  if (field.fieldKind === 'message' || (field.fieldKind === 'list' && field.listKind === 'message'))
    return !field.delimitedEncoding;
  return SUPPORTED_SCALARS.has(field.scalar);
}

function supported(desc: DescMessage, seen: Set<DescMessage>): boolean {
  if (seen.has(desc)) return true;
  seen.add(desc);
  if (desc.typeName === 'google.protobuf.Any' || desc.oneofs.length > 0) return false;
  return desc.fields.every(
    (f) => fieldSupported(f) && (f.message === undefined || supported(f.message, seen)),
  );
}

function fieldSpec(field: DescField): FieldSpec {
  const isList = field.fieldKind === 'list';
  const message = field.message;
  return {
    name: field.localName,
    jsonName: field.jsonName,
    number: field.number,
    kind: message ? (isList ? MESSAGE_LIST : MESSAGE) : isList ? SCALAR_LIST : SCALAR,
    scalar: field.scalar ?? ScalarType.STRING,
    implicit: field.presence === IMPLICIT,
    packed: isList && message === undefined && field.packed,
    words: message ? undefined : wordsOf(field),
    typeName: message?.typeName,
  };
}

/**
 * The direct codec's view of a message type's fields (declaration order), or undefined when its
 * shape needs the general path. The web client's compact schema is generated from this.
 */
export function fieldSpecsOf(desc: DescMessage): FieldSpec[] | undefined {
  return supported(desc, new Set()) ? desc.fields.map(fieldSpec) : undefined;
}

const plans = new Map<DescMessage, MessagePlan | null>();

function planOf(desc: DescMessage): MessagePlan | null {
  const known = plans.get(desc);
  if (known !== undefined) return known;
  const specs = fieldSpecsOf(desc);
  const nestedTypes = new Map(
    desc.fields.flatMap((f) => (f.message ? [[f.message.typeName, f.message]] : [])),
  );
  const plan = specs
    ? messagePlanOf(specs, (typeName) => {
        const message = nestedTypes.get(typeName);
        return message ? planOf(message) : null;
      })
    : null;
  plans.set(desc, plan);
  return plan;
}

const codecs = new WeakMap<DescMessage, PlainBinaryCodec | null>();

/** The direct codec of a message type, or undefined when its shape needs the general path. */
export function plainBinaryCodec(desc: DescMessage): PlainBinaryCodec | undefined {
  let codec = codecs.get(desc);
  if (codec === undefined) {
    const plan = planOf(desc);
    codec = plan && codecOf(plan);
    codecs.set(desc, codec);
  }
  return codec ?? undefined;
}
