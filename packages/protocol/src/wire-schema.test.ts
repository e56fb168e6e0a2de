import { ScalarType } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { methods } from './methods';
import { fieldSpecsOf, plainBinaryCodec } from './plain-binary';
import { Scalar } from './plain-binary-codec';
import { typeRegistry } from './registry';
import { compactField, fieldSpecOf, wireCodec, wireMethod } from './wire-schema';
import { wireSchema } from './wire-schema.generated';
import { wireSchemaOf } from './wire-schema-source';

describe('wire schema', () => {
  it('is what the descriptors give (run `npm run generate -w @planner/protocol` when not)', () => {
    expect(wireSchema).toEqual(wireSchemaOf());
  });

  it("writes protobuf-es's scalar type numbers out correctly", () => {
    for (const [name, value] of Object.entries(Scalar)) {
      expect(ScalarType[name as keyof typeof ScalarType], name).toBe(value);
    }
  });

  it('gives every field exactly the spec the descriptors give', () => {
    for (const [typeName, fields] of Object.entries(wireSchema.messages)) {
      const desc = typeRegistry.getMessage(typeName);
      expect(desc, typeName).toBeDefined();
      if (!desc) continue;
      expect(fields.map(fieldSpecOf), typeName).toEqual(fieldSpecsOf(desc));
      expect(fieldSpecsOf(desc)?.map(compactField), typeName).toEqual(fields);
    }
  });

  it('names every method with its types, and takes directly what the descriptors take', () => {
    for (const [name, desc] of methods) {
      expect(wireMethod(name)).toEqual([desc.input.typeName, desc.output.typeName]);
      expect(Boolean(wireCodec(desc.input.typeName)), name).toBe(
        Boolean(plainBinaryCodec(desc.input)),
      );
      expect(Boolean(wireCodec(desc.output.typeName)), name).toBe(
        Boolean(plainBinaryCodec(desc.output)),
      );
    }
    expect(wireMethod('NoSuchMethod')).toBeUndefined();
    expect(wireMethod('constructor')).toBeUndefined();
  });

  it('encodes and decodes a timeline answer as the descriptor codec does', () => {
    const desc = methods.get('GetTimeline')?.output;
    const direct = desc && plainBinaryCodec(desc);
    const compact = desc && wireCodec(desc.typeName);
    expect(direct && compact).toBeTruthy();
    const plain = {
      blockContainers: [{ event: {} }, {}],
      timelineState: {
        serverTime: 1_774_000_000_000,
        isPaused: true,
        currentBlock: { task: 't1', start: 1_774_000_000_000, end: 1_774_000_360_000 },
      },
      maxTimeblockStart: -1,
    };
    const bytes = direct?.encode(plain);
    expect(compact?.encode(plain)).toEqual(bytes);
    if (bytes) expect(compact?.decode(bytes)).toEqual(direct?.decode(bytes));
  });
});
