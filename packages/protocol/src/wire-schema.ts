import type { ScalarType } from '@bufbuild/protobuf';
import {
  codecOf,
  MESSAGE,
  MESSAGE_LIST,
  messagePlanOf,
  type FieldSpec,
  type Kind,
  type MessagePlan,
  type PlainBinaryCodec,
} from './plain-binary-codec';
import { wireSchema } from './wire-schema.generated';

/**
 * The API's methods and message types as the direct binary codec needs them, generated from the
 * descriptors (wire-schema-source.ts). The web client speaks binary through this alone: building
 * protobuf-es's descriptors at run time takes most of its runtime (a fifth of the first load).
 *
 * In two parts: what the methods called before the agenda paints need (EARLY_METHODS) is in the
 * first load; the other methods' part loads with the first call of one (loadWireSchema).
 */
export interface WireSchema {
  /** Method name -> [request type, response type]. */
  readonly methods: Readonly<Record<string, readonly [string, string]>>;
  /** The message types the direct codec takes, by type name; the others need protobuf-es. */
  readonly messages: Readonly<Record<string, readonly CompactField[]>>;
}

/**
 * One field, in declaration order: name, number, kind, scalar type, flags (1 implicit presence,
 * 2 packed), then the nested message's type name or the allowed words (comma-separated), then
 * the JSON name when it differs from the name.
 */
export type CompactField = readonly [string, number, Kind, ScalarType, number, string?, string?];

const IMPLICIT_FLAG = 1;
const PACKED_FLAG = 2;

export function compactField(spec: FieldSpec): CompactField {
  const flags = (spec.implicit ? IMPLICIT_FLAG : 0) | (spec.packed ? PACKED_FLAG : 0);
  const extra = spec.typeName ?? [...(spec.words ?? [])].join(',');
  const head = [spec.name, spec.number, spec.kind, spec.scalar, flags] as const;
  if (spec.jsonName !== spec.name) return [...head, extra, spec.jsonName];
  return extra ? [...head, extra] : head;
}

export function fieldSpecOf(field: CompactField): FieldSpec {
  const [name, number, kind, scalar, flags, extra = '', jsonName = name] = field;
  const isMessage = kind === MESSAGE || kind === MESSAGE_LIST;
  return {
    name,
    jsonName,
    number,
    kind,
    scalar,
    implicit: (flags & IMPLICIT_FLAG) !== 0,
    packed: (flags & PACKED_FLAG) !== 0,
    words: !isMessage && extra ? new Set(extra.split(',')) : undefined,
    typeName: isMessage ? extra : undefined,
  };
}

let laterSchema: WireSchema | undefined;
let laterLoad: Promise<void> | undefined;

/** Loads the later methods' part of the schema; wireMethod and wireCodec then know every one. */
export function loadWireSchema(): Promise<void> {
  laterLoad ??= import('./wire-schema-later.generated').then(
    (module) => {
      laterSchema = module.laterWireSchema;
    },
    (error: unknown) => {
      // Not loaded (offline before the service worker kept it): the next call tries again.
      laterLoad = undefined;
      throw error;
    },
  );
  return laterLoad;
}

function lookUp<T>(pick: (schema: WireSchema) => Readonly<Record<string, T>>, key: string) {
  for (const schema of laterSchema ? [wireSchema, laterSchema] : [wireSchema]) {
    const part = pick(schema);
    if (Object.hasOwn(part, key)) return part[key];
  }
  return undefined;
}

const plans = new Map<string, MessagePlan | null>();

function planFor(typeName: string): MessagePlan | null {
  let plan = plans.get(typeName);
  if (plan === undefined) {
    const fields = lookUp((schema) => schema.messages, typeName);
    plan = fields ? messagePlanOf(fields.map(fieldSpecOf), planFor) : null;
    // An unknown type may be in the part not loaded yet: it is looked up again then.
    if (plan || laterSchema) plans.set(typeName, plan);
  }
  return plan;
}

const codecs = new Map<string, PlainBinaryCodec | null>();

/**
 * The direct codec of a message type, or undefined when it needs protobuf-es (codec.ts) or is
 * a later method's type not loaded yet (loadWireSchema).
 */
export function wireCodec(typeName: string): PlainBinaryCodec | undefined {
  let codec = codecs.get(typeName);
  if (codec === undefined) {
    const plan = planFor(typeName);
    codec = plan && codecOf(plan);
    if (codec || laterSchema) codecs.set(typeName, codec);
  }
  return codec ?? undefined;
}

/** A method's request and response type names, or undefined for an unknown or unloaded one. */
export function wireMethod(name: string): readonly [string, string] | undefined {
  return lookUp((schema) => schema.methods, name);
}

/** A method's request and response type names, loading the later part when it is there. */
export async function loadWireMethod(name: string): Promise<readonly [string, string] | undefined> {
  const early = wireMethod(name);
  if (early || laterSchema) return early;
  await loadWireSchema();
  return wireMethod(name);
}
