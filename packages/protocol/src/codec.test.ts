import { describe, expect, it } from 'vitest';
import { packAny, unpackAny } from './chain';
import { decodeMessage, encodeMessage, wireFormatOf } from './codec';
import { CreateUserRequestSchema, UserSchema } from './gen/planner/v1/accounts_pb';
import { ChainRequestSchema } from './gen/planner/v1/rpc_pb';
import { WireFormatError } from './plain';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const text = (value: string) => new TextEncoder().encode(value);

function decodeError(body: Uint8Array): WireFormatError {
  try {
    decodeMessage(CreateUserRequestSchema, body, 'json');
  } catch (error) {
    if (error instanceof WireFormatError) return error;
    throw error;
  }
  throw new Error('decoded without error');
}

describe('strict JSON', () => {
  it('decodes the spec names', () => {
    const decoded = decodeMessage(
      CreateUserRequestSchema,
      json({ email: 'a@b.co', password: 'pw', options: { autoExtend: false, locale: 'fr' } }),
      'json',
    );
    expect(decoded).toMatchObject({
      email: 'a@b.co',
      options: { autoExtend: false, locale: 'fr' },
    });
    expect(decoded.options?.isPaused).toBeUndefined();
  });

  it('names an unknown field', () => {
    expect(decodeError(json({ email: 'a@b.co', passwrd: 'x' })).field).toBe('passwrd');
    expect(decodeError(json({ options: { autoExtnd: true } })).field).toBe('autoExtnd');
  });

  it('names a field of the wrong type, never coercing it', () => {
    const error = decodeError(json({ email: 42 }));
    expect(error.field).toBe('email');
    expect(error.message).toContain('expected string');
    expect(decodeError(json({ options: { autoExtend: 'yes' } })).field).toBe('autoExtend');
  });

  it('names an out-of-range number', () => {
    const decode = (value: unknown) => () => decodeMessage(UserSchema, json(value), 'json');
    expect(decode({ premiumLevel: 2 ** 31 })).toThrow('field "premiumLevel"');
    expect(decode({ createdAt: 1.5 })).toThrow('field "createdAt"');
    expect(decode({ createdAt: '9007199254740993' })).toThrow(/field "createdAt".*2\^53/);
    expect(decodeMessage(UserSchema, json({ createdAt: '12' }), 'json').createdAt).toBe(12);
  });

  it('explains malformed bodies', () => {
    expect(decodeError(text('{"email":')).message).toMatch(/^malformed JSON body/);
    expect(decodeError(text('[1]')).message).toBe('the JSON body must be an object');
    expect(() => decodeMessage(UserSchema, new Uint8Array([0xff, 0xff, 0xff]), 'binary')).toThrow(
      /malformed protobuf body/,
    );
  });

  it('treats an empty body as an empty message', () => {
    expect(decodeMessage(CreateUserRequestSchema, new Uint8Array(), 'json').email).toBe('');
  });

  it('encodes JSON with int64 as the JSON mapping says', () => {
    const body = new TextDecoder().decode(encodeMessage(UserSchema, { createdAt: 5 }, 'json'));
    expect(JSON.parse(body)).toMatchObject({ createdAt: '5', premiumLevel: 0 });
  });
});

describe('chain steps', () => {
  it('fills each JSON step type from its method', () => {
    const request = decodeMessage(
      ChainRequestSchema,
      json({
        steps: [{ method: 'UpdateUser', data: { name: 'Ada' } }, { method: 'GetUserProfile' }],
      }),
      'json',
    );
    expect(request.steps[0]?.data?.typeUrl).toBe(
      'type.googleapis.com/planner.v1.UpdateUserRequest',
    );
    expect(request.steps[1]?.data?.typeUrl).toBe('type.googleapis.com/google.protobuf.Empty');
  });

  it('packs and unpacks an Any, checking its type', () => {
    const any = packAny(UserSchema, { name: 'Ada', createdAt: 3 });
    expect(unpackAny(UserSchema, any, 'data')).toMatchObject({ name: 'Ada', createdAt: 3 });
    expect(() => unpackAny(CreateUserRequestSchema, any, 'steps[0].data')).toThrow(
      'field "steps[0].data"',
    );
  });
});

describe('wireFormatOf', () => {
  it('reads the content type', () => {
    expect(wireFormatOf('application/json; charset=utf-8')).toBe('json');
    expect(wireFormatOf('application/x-protobuf')).toBe('binary');
    expect(wireFormatOf(undefined)).toBe('binary');
    expect(wireFormatOf('text/plain')).toBeUndefined();
  });
});
