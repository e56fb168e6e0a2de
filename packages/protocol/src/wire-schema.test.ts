import { ScalarType } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { methods } from './methods';
import { fieldSpecsOf, plainBinaryCodec } from './plain-binary';
import { Scalar } from './plain-binary-codec';
import { typeRegistry } from './registry';
import { compactField, fieldSpecOf, loadWireSchema, wireCodec, wireMethod } from './wire-schema';
import { wireSchema } from './wire-schema.generated';
import { laterWireSchema } from './wire-schema-later.generated';
import { EARLY_METHODS, wireSchemaOf } from './wire-schema-source';

describe('wire schema', () => {
  beforeAll(() => loadWireSchema());

  it('is what the descriptors give (run `npm run generate -w @planner/protocol` when not)', () => {
    expect({ early: wireSchema, later: laterWireSchema }).toEqual(wireSchemaOf());
  });

  it('holds the early methods in the first part and every other one in the later part', () => {
    expect(Object.keys(wireSchema.methods).sort()).toEqual([...EARLY_METHODS].sort());
    for (const name of Object.keys(laterWireSchema.methods)) {
      expect(EARLY_METHODS.has(name), name).toBe(false);
    }
    for (const typeName of Object.keys(laterWireSchema.messages)) {
      expect(Object.hasOwn(wireSchema.messages, typeName), typeName).toBe(false);
    }
    expect(
      Object.keys(wireSchema.methods).length + Object.keys(laterWireSchema.methods).length,
    ).toBe(methods.size);
  });

  it('knows the early methods before the later part loads, and the others once it has', async () => {
    vi.resetModules();
    const fresh = await import('./wire-schema');
    const later = 'UpdateUser';
    const laterTypes = methods.get(later);
    expect(fresh.wireMethod('GetTimeline')).toBeDefined();
    expect(fresh.wireCodec('planner.v1.GetTimelineResponse')).toBeDefined();
    expect(fresh.wireMethod(later)).toBeUndefined();
    expect(fresh.wireCodec(laterTypes?.input.typeName ?? '')).toBeUndefined();
    expect(await fresh.loadWireMethod(later)).toEqual([
      laterTypes?.input.typeName,
      laterTypes?.output.typeName,
    ]);
    expect(fresh.wireCodec(laterTypes?.input.typeName ?? '')).toBeDefined();
  });

  it("writes protobuf-es's scalar type numbers out correctly", () => {
    for (const [name, value] of Object.entries(Scalar)) {
      expect(ScalarType[name as keyof typeof ScalarType], name).toBe(value);
    }
  });

  it('gives every field exactly the spec the descriptors give', () => {
    const messages = { ...wireSchema.messages, ...laterWireSchema.messages };
    for (const [typeName, fields] of Object.entries(messages)) {
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

describe('the later part of the wire schema, when it cannot load', () => {
  it('fails the call as one that did not reach the server, and loads on the next call', async () => {
    vi.resetModules();
    let isOffline = true;
    vi.doMock('./wire-schema-later.generated', async (importOriginal) => {
      if (isOffline) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { createClient, NetworkError } = await import('./client');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/api', fetch });
    await expect(client.call('UpdateUser', {})).rejects.toBeInstanceOf(NetworkError);
    expect(fetch).not.toHaveBeenCalled();
    isOffline = false;
    await expect(client.call('UpdateUser', {})).resolves.toEqual({});
    expect(fetch).toHaveBeenCalledOnce();
    vi.doUnmock('./wire-schema-later.generated');
  });
});
