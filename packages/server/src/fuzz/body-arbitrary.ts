import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { INPUT_BOUNDS, INSTANT_MAX } from '@planner/core';
import { methods } from '@planner/protocol';
import { TEST_NOW } from '../testing/test-server';
import { DAY, HOUR } from '../timeline/planning-test-kit';

type Json = Record<string, unknown>;

/** Values that make a body plausible enough to get past the first check and be stored. */
export interface FuzzContext {
  /** Ids of the fuzzing user's own tasks, events, reminders, blocks and categories. */
  ids: readonly string[];
  /** Plausible bodies of the fuzzing user's own (probeBody over their own ids). */
  bases: (input: DescMessage) => Json[];
}

const B = INPUT_BOUNDS;
const WORDS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'none', 'MO,WE', 'SU,XX', 'all', 'todo'];
const WORDS_TOO = ['done', 'unconfirmed', 'UTC', 'Europe/Berlin', 'Mars/Olympus', '{}', 'null'];
const WORDS_ALSO = ['{"a":1}', '[]', 'title', 'note', 'checklist', 'recurrenceRule', 'x@y.z'];

/** Lengths at and just past each text bound, and beyond the body limit's reach. */
const LONG_LENGTHS = [
  B.titleChars,
  B.titleChars + 1,
  B.categoryNameChars + 1,
  B.idChars + 1,
  B.keywordChars + 1,
  B.checklistItemChars + 1,
  B.noteChars + 1,
];

function stringArbitrary(ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF\uD800', '🙂'.repeat(251), 'ǅ\u0301\u200D', "'; --"),
    fc.constantFrom(...WORDS, ...WORDS_TOO, ...WORDS_ALSO),
    fc.constantFrom(...LONG_LENGTHS).map((n) => 'x'.repeat(n)),
    ...(ctx.ids.length > 0 ? [fc.constantFrom(...ctx.ids)] : []),
  );
}

const INT32_EDGES = [0, 1, -1, 2, 7, 1000, 1001, 2 ** 31 - 1, -(2 ** 31)];
const INT64_EDGES = [
  -1,
  0,
  1,
  TEST_NOW,
  TEST_NOW + HOUR,
  TEST_NOW - DAY,
  INSTANT_MAX,
  INSTANT_MAX + 1,
  2 ** 53 - 1,
  -(2 ** 53 - 1),
  8_640_000_000_000_000,
];
/** Past 2^53 a JSON number loses digits; the JSON mapping's strings carry them exactly. */
const INT64_STRINGS = ['9007199254740993', '-9223372036854775808', '9223372036854775807'];

function int64Arbitrary(): fc.Arbitrary<number | string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...INT64_EDGES), weight: 4 },
    { arbitrary: fc.integer({ min: TEST_NOW - 30 * DAY, max: TEST_NOW + 30 * DAY }), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 2 * DAY }), weight: 2 },
    { arbitrary: fc.constantFrom(...INT64_STRINGS), weight: 1 },
  );
}

function scalarArbitrary(scalar: ScalarType, ctx: FuzzContext): fc.Arbitrary<unknown> {
  switch (scalar) {
    case ScalarType.STRING:
      return stringArbitrary(ctx);
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('NaN', 'Infinity', '-Infinity', 1e308, -0),
      );
    case ScalarType.BYTES:
      return fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b).toString('base64'));
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return fc.oneof(fc.constantFrom(...INT32_EDGES), fc.integer({ min: -5, max: 5 }));
    default:
      return int64Arbitrary();
  }
}

/** A list: a few fuzzed elements, or many copies of one (past the list bounds). */
function listArbitrary(element: fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  const long = fc
    .tuple(element, fc.constantFrom(B.checklistItems + 1, B.listItems + 1))
    .map(([value, n]) => Array.from({ length: n }, () => value));
  return fc.oneof(
    { arbitrary: fc.array(element, { maxLength: 3 }), weight: 5 },
    { arbitrary: long, weight: 1 },
  );
}

function fieldArbitrary(field: DescField, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  switch (field.fieldKind) {
    case 'scalar':
      return scalarArbitrary(field.scalar, ctx);
    case 'enum':
      return fc.oneof(fc.constantFrom(...field.enum.values.map((v) => v.number)), fc.integer());
    case 'message':
      return messageArbitrary(field.message, ctx, depth + 1);
    case 'list':
      if (field.listKind === 'scalar') return listArbitrary(scalarArbitrary(field.scalar, ctx));
      if (field.listKind === 'enum') return listArbitrary(fc.integer());
      // Long lists repeat a shallow element: a deep one 1,001 times would pass the body limit.
      return fc.oneof(
        fc.array(messageArbitrary(field.message, ctx, depth + 1), { maxLength: 3 }),
        listArbitrary(messageArbitrary(field.message, ctx, 99)),
      );
    case 'map':
      return fc.dictionary(stringArbitrary(ctx), scalarArbitrary(ScalarType.INT64, ctx), {
        maxKeys: 3,
      });
  }
}

/** Any subset of the message's fields, each fuzzed by its kind; nested messages to depth 3. */
function messageArbitrary(desc: DescMessage, ctx: FuzzContext, depth = 0): fc.Arbitrary<Json> {
  if (depth > 3 || desc.typeName === 'google.protobuf.Any') return fc.constant({});
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of desc.fields) shape[field.jsonName] = fieldArbitrary(field, ctx, depth);
  return fc.record(shape, { requiredKeys: [] });
}

const STEP_METHODS = [...methods.keys()].filter((name) => name !== 'Chain');

/** A Chain of a few steps, each a fuzzed body of a real method (or of no method at all). */
function chainArbitrary(ctx: FuzzContext): fc.Arbitrary<Json> {
  const step = fc.oneof(
    fc.constantFrom(...STEP_METHODS).chain((method) => {
      const input = methods.get(method)?.input;
      return (input ? messageArbitrary(input, ctx) : fc.constant({})).map((data) => ({
        method,
        data,
      }));
    }),
    fc.record({ method: stringArbitrary(ctx), data: fc.constant({}) }),
  );
  return fc.record({ steps: fc.array(step, { maxLength: 4 }) });
}

type Path = (string | number)[];

/** Every field to depth two (a list's first element standing for the list), with its values. */
function fieldPaths(
  desc: DescMessage,
  ctx: FuzzContext,
  depth = 0,
): [Path, fc.Arbitrary<unknown>][] {
  const paths: [Path, fc.Arbitrary<unknown>][] = [];
  for (const field of desc.fields) {
    paths.push([[field.jsonName], fieldArbitrary(field, ctx, depth)]);
    if (depth >= 1) continue;
    if (field.fieldKind === 'message') {
      for (const [path, value] of fieldPaths(field.message, ctx, depth + 1)) {
        paths.push([[field.jsonName, ...path], value]);
      }
    } else if (field.fieldKind === 'list' && field.listKind === 'message') {
      for (const [path, value] of fieldPaths(field.message, ctx, depth + 1)) {
        paths.push([[field.jsonName, 0, ...path], value]);
      }
    }
  }
  return paths;
}

function setPath(target: Json, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    const fresh = typeof path[i + 1] === 'number' ? [{}] : {};
    const child = typeof next === 'object' && next !== null ? next : fresh;
    node[key] = child;
    node = child as Record<string | number, unknown>;
  }
}

/**
 * A plausible body of the user's own with one or two fields set to fuzzed values: past the
 * checks that random bodies never pass, so an extreme value reaches the services and storage.
 */
function mutatedArbitrary(desc: DescMessage, ctx: FuzzContext): fc.Arbitrary<Json> {
  const bases = ctx.bases(desc);
  const paths = fieldPaths(desc, ctx);
  if (bases.length === 0 || paths.length === 0) return messageArbitrary(desc, ctx);
  const mutation = fc.integer({ min: 0, max: paths.length - 1 }).chain((i) => {
    const [path, value] = paths[i] ?? [[], fc.constant(undefined)];
    return value.map((v) => ({ path, v }));
  });
  return fc
    .tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 0, maxLength: 2 }))
    .map(([base, mutations]) => {
      const body = structuredClone(base);
      for (const { path, v } of mutations) setPath(body, path, v);
      return body;
    });
}

/** The JSON body arbitrary of a method by its name. */
export function bodyArbitrary(method: string, ctx: FuzzContext): fc.Arbitrary<Json> {
  if (method === 'Chain') return chainArbitrary(ctx);
  const input = methods.get(method)?.input;
  if (!input) throw new Error(`no method ${method}`);
  return fc.oneof(
    { arbitrary: messageArbitrary(input, ctx), weight: 1 },
    { arbitrary: mutatedArbitrary(input, ctx), weight: 2 },
  );
}
