import {
  fromBinary,
  ScalarType,
  toBinary,
  type DescField,
  type DescMessage,
} from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GetTimelineResponseSchema } from './gen/planner/v1/timeline_pb';
import { fromPlain, toPlain, WireFormatError, wordsOf } from './plain';
import { plainBinaryCodec } from './plain-binary';
import { typeRegistry } from './registry';

/** Every API message type the direct codec takes (all but Chain's Any and the maps). */
const direct: DescMessage[] = [...typeRegistry].flatMap((t) =>
  t.kind === 'message' && t.typeName.startsWith('planner.') && plainBinaryCodec(t) ? [t] : [],
);

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const STRINGS = ['', 'a', 'Task 1', 'héllo ✓ 🙂', 'x'.repeat(130), 'é'.repeat(70)];
const INT64S = [0, 1, -1, 127, 128, 2 ** 31, 2 ** 32 + 5, 1_774_000_000_000, -(2 ** 40)];

function scalarValue(random: Random, field: DescField, scalar: ScalarType): unknown {
  switch (scalar) {
    case ScalarType.STRING: {
      const words = wordsOf(field);
      return words ? pick(random, ['', ...words]) : pick(random, STRINGS);
    }
    case ScalarType.BOOL:
      return random() < 0.5;
    case ScalarType.INT32:
      return pick(random, [0, 1, -1, 300, 2 ** 31 - 1, -(2 ** 31)]);
    case ScalarType.UINT32:
      return pick(random, [0, 1, 300, 2 ** 32 - 1]);
    case ScalarType.INT64:
      return pick(random, [...INT64S, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]);
    case ScalarType.UINT64:
      return pick(random, [0, 1, 2 ** 33, Number.MAX_SAFE_INTEGER]);
    case ScalarType.DOUBLE:
      return pick(random, [0, -0, 0.5, -1.25, 1e300, 3]);
    default:
      return Uint8Array.from({ length: Math.floor(random() * 4) }, () => random() * 256);
  }
}

function plainValue(random: Random, desc: DescMessage, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of desc.fields) {
    if (random() < 0.2) continue;
    if (field.fieldKind === 'message') {
      if (depth < 3) out[field.localName] = plainValue(random, field.message, depth + 1);
    } else if (field.fieldKind === 'list') {
      const length = depth < 3 ? Math.floor(random() * 4) : 0;
      out[field.localName] = Array.from({ length }, () =>
        field.listKind === 'message'
          ? plainValue(random, field.message, depth + 1)
          : scalarValue(
              random,
              field,
              field.listKind === 'scalar' ? field.scalar : ScalarType.INT32,
            ),
      );
    } else if (field.fieldKind === 'scalar') {
      out[field.localName] = scalarValue(random, field, field.scalar);
    }
  }
  return out;
}

function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

function reference(desc: DescMessage, plain: Record<string, unknown>): Uint8Array {
  return toBinary(desc, fromPlain(desc, plain as never));
}

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WireFormatError) return `${error.field}|${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('direct binary codec', () => {
  it('covers the API types', () => {
    expect(direct.length).toBeGreaterThan(60);
    expect(direct).toContain(GetTimelineResponseSchema);
  });

  it('writes the bytes protobuf-es writes and reads what it reads, for every type', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = seeded(seed);
        for (const desc of direct) {
          const plain = plainValue(random, desc, 0);
          const bytes = reference(desc, plain);
          const codec = plainBinaryCodec(desc);
          expect(codec?.encode(plain)).toEqual(bytes);
          expect(codec?.decode(bytes)).toEqual(toPlain(desc, fromBinary(desc, bytes)));
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('refuses exactly what fromPlain refuses, naming the same field', () => {
    const wrong = [null, 'text', 1.5, -1, 2 ** 53, true, {}, [], new Uint8Array(1)];
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: wrong.length - 1 }), (seed, w) => {
        const random = seeded(seed);
        const desc = pick(random, direct);
        const plain = plainValue(random, desc, 0);
        const field = pick(random, desc.fields);
        if (!field) return;
        const broken = { ...plain, [field.localName]: wrong[w] };
        if (field.fieldKind === 'list') broken[field.localName] = [wrong[w]];
        const expected = errorOf(() => reference(desc, broken));
        expect(errorOf(() => plainBinaryCodec(desc)?.encode(broken))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('names a nested field beyond 2^53 as toPlain does', () => {
    const plain = {
      blockContainers: [{}, { timeblock: { id: 'b', start: 5, task: { id: 't' } } }],
    };
    const bytes = reference(GetTimelineResponseSchema, plain);
    // Patch the block's start (varint 5) into 2^60 by rebuilding through protobuf-es.
    const message = fromBinary(GetTimelineResponseSchema, bytes);
    const block = message.blockContainers[1]?.timeblock;
    if (block) block.start = 2n ** 60n;
    const big = toBinary(GetTimelineResponseSchema, message);
    const codec = plainBinaryCodec(GetTimelineResponseSchema);
    const expected = errorOf(() =>
      toPlain(GetTimelineResponseSchema, fromBinary(GetTimelineResponseSchema, big)),
    );
    expect(expected).toContain('blockContainers[1].timeblock.start');
    expect(errorOf(() => codec?.decode(big))).toBe(expected);
  });

  it('writes a task shared by many blocks the same each time', () => {
    const task = { id: 't1', title: 'Shared', timeScheduled: 3_600_000, category: { id: 'c' } };
    const plain = {
      blockContainers: Array.from({ length: 5 }, (_, i) => ({
        timeblock: { id: `b${i}`, task, start: i * 1000, end: i * 1000 + 500 },
      })),
    };
    expect(plainBinaryCodec(GetTimelineResponseSchema)?.encode(plain)).toEqual(
      reference(GetTimelineResponseSchema, plain),
    );
  });

  it('writes each message alone, after a large one and after a refused one', () => {
    const codec = plainBinaryCodec(GetTimelineResponseSchema);
    const large = {
      blockContainers: Array.from({ length: 3000 }, (_, i) => ({
        timeblock: { id: `block-${i}`, start: i * 1000, end: i * 1000 + 500, task: { id: 't' } },
      })),
    };
    const small = { blockContainers: [{ timeblock: { id: 'b', start: 5 } }] };
    expect(codec?.encode(large)).toEqual(reference(GetTimelineResponseSchema, large));
    expect(codec?.encode(large).length).toBeGreaterThan(64 * 1024);
    expect(codec?.encode(small)).toEqual(reference(GetTimelineResponseSchema, small));
    expect(() => codec?.encode({ blockContainers: [{ timeblock: { start: 1.5 } }] })).toThrow(
      WireFormatError,
    );
    expect(codec?.encode(small)).toEqual(reference(GetTimelineResponseSchema, small));
  });

  it('answers a malformed body as malformed', () => {
    const codec = plainBinaryCodec(GetTimelineResponseSchema);
    expect(errorOf(() => codec?.decode(new Uint8Array([0xff, 0xff, 0xff])))).toMatch(
      /malformed protobuf body/,
    );
    expect(errorOf(() => codec?.decode(new Uint8Array([0x0a, 0x05, 0x01])))).toMatch(
      /malformed protobuf body/,
    );
  });
});
