import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { GetSessionRecordsResponseSchema, UserSchema } from './gen/planner/v1/accounts_pb';
import { fromPlain, toPlain, WireFormatError } from './plain';

describe('toPlain', () => {
  it('turns int64 into number and drops $typeName', () => {
    const message = create(UserSchema, {
      id: 'u1',
      createdAt: 1_700_000_000_000n,
      premiumLevel: 1,
    });
    const plain = toPlain(UserSchema, message);
    expect(plain.createdAt).toBe(1_700_000_000_000);
    expect(plain).not.toHaveProperty('$typeName');
    expect(plain.options).toBeUndefined();
  });

  it('converts nested lists', () => {
    const message = create(GetSessionRecordsResponseSchema, {
      sessions: [
        { id: 's1', lastActiveTime: 5n },
        { id: 's2', lastActiveTime: 6n },
      ],
    });
    expect(
      toPlain(GetSessionRecordsResponseSchema, message).sessions.map((s) => s.lastActiveTime),
    ).toEqual([5, 6]);
  });

  it('refuses an int64 beyond 2^53, naming the field', () => {
    const message = create(GetSessionRecordsResponseSchema, {
      sessions: [{ id: 's1', createdAt: 2n ** 53n + 1n }],
    });
    expect(() => toPlain(GetSessionRecordsResponseSchema, message)).toThrow(
      /field "sessions\[0\]\.createdAt".*out of range/,
    );
  });
});

describe('fromPlain', () => {
  it('round-trips through binary', () => {
    const plain = {
      id: 'u1',
      createdAt: 1_700_000_000_000,
      options: {
        autoIdleStart: 79_200_000,
        timezone: 'Europe/Paris',
        timeZoneInfo: { gmtShortName: 'CET' },
      },
    };
    const bytes = toBinary(UserSchema, fromPlain(UserSchema, plain));
    const back = toPlain(UserSchema, fromBinary(UserSchema, bytes));
    expect(back).toMatchObject(plain);
    expect(back.name).toBe('');
  });

  it.each([
    [{ createdAt: 1.5 }, 'createdAt'],
    [{ createdAt: 2 ** 53 }, 'createdAt'],
    [{ premiumLevel: 2 ** 31 }, 'premiumLevel'],
    [{ name: 5 }, 'name'],
    [{ hasPassword: 'yes' }, 'hasPassword'],
    [{ options: { autoIdleEnd: '3' } }, 'options.autoIdleEnd'],
  ])('rejects %j naming %s', (plain, field) => {
    // Deliberately wrong shapes, as untyped callers could send them.
    const attempt = () => fromPlain(UserSchema, plain as never);
    expect(attempt).toThrow(WireFormatError);
    expect(attempt).toThrow(`field "${field}"`);
  });
});

describe('words', () => {
  it('accepts only the words the schema lists (or nothing)', () => {
    const options = (firstDayOfWeek: string) =>
      toPlain(UserSchema, create(UserSchema, { options: { firstDayOfWeek } })).options
        ?.firstDayOfWeek;
    expect(options('SAT')).toBe('SAT');
    expect(options('')).toBe('');
    expect(() => options('mon')).toThrow(
      'field "options.firstDayOfWeek": expected one of "MON", "SAT", "SUN", got "mon"',
    );
    expect(() => fromPlain(UserSchema, { options: { timeFormat: '25-hour clock' } })).toThrow(
      'field "options.timeFormat"',
    );
    expect(
      fromPlain(UserSchema, { options: { timeFormat: '24-hour clock' } }).options?.timeFormat,
    ).toBe('24-hour clock');
  });
});
