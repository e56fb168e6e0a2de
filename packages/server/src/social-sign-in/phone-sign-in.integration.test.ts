import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@planner/protocol';
import { DEFAULT_RATE_LIMITS } from '../config';
import { outboxDir } from '../mail/mailer';
import { rpcError, startTestServer, type TestServer } from '../testing/test-server';
import { PhoneMessage } from './phone-numbers';
import { SMS_CODE_TTL_MS } from './social-sign-in';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let numberCounter = 0;
/** A fresh valid German mobile number, typed the national way. */
function newNumber(): { countryCallingCode: string; phoneNumber: string; e164: string } {
  numberCounter += 1;
  const subscriber = String(3_000_000 + numberCounter * 7919).padStart(7, '0');
  return {
    countryCallingCode: '49',
    phoneNumber: `0151 2${subscriber}`,
    e164: `+49 1512${subscriber}`.replace(/ /g, ''),
  };
}

/** The codes sent to a number, oldest first, read from the outbox's .sms files. */
async function codesSentTo(target: TestServer, e164: string): Promise<string[]> {
  const dir = outboxDir(target.config.dataDir);
  // `<time>-<number>.sms`, then `<time>-<number>-2.sms` ... within one millisecond.
  const order = (file: string) => {
    const [, time = '0', n = '1'] = /^(\d+)-\+\d+(?:-(\d+))?\.sms$/.exec(file) ?? [];
    return Number(time) * 1000 + Number(n);
  };
  const files = (await readdir(dir).catch(() => []))
    .filter((f) => f.includes(`${e164}.`) || f.includes(`${e164}-`))
    .sort((a, b) => order(a) - order(b));
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.map((text) => /\b(\d{6})\b/.exec(text)?.[1] ?? '');
}

/** Asks for a code and reads it from the outbox (written just after the call commits). */
async function sendCode(target: TestServer, phone: ReturnType<typeof newNumber>): Promise<string> {
  const before = (await codesSentTo(target, phone.e164)).length;
  await target.client().call('CreateSmsVerifyCode', { ...phone, purpose: 'signIn' });
  for (let waited = 0; waited < 3000; waited += 20) {
    const codes = await codesSentTo(target, phone.e164);
    if (codes.length > before) return codes[codes.length - 1] ?? '';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no code was written to the outbox');
}

describe('CreateSmsVerifyCode', () => {
  it('writes a six-digit code for the number to the outbox', async () => {
    const phone = newNumber();
    const code = await sendCode(server, phone);
    expect(code).toMatch(/^\d{6}$/);
    const files = await readdir(outboxDir(server.config.dataDir));
    expect(files.some((f) => f.endsWith(`${phone.e164}.sms`))).toBe(true);
  });

  it('refuses a number that cannot be, and a purpose it does not know', async () => {
    for (const bad of [
      { countryCallingCode: '49', phoneNumber: '123' },
      { countryCallingCode: '999', phoneNumber: '015123456789' },
      { countryCallingCode: '49', phoneNumber: '' },
    ]) {
      const error = await rpcError(
        server.client().call('CreateSmsVerifyCode', { ...bad, purpose: 'signIn' }),
      );
      expect(error).toMatchObject({
        code: ErrorCode.InvalidInput,
        message: PhoneMessage.invalidNumber,
      });
    }
    const purpose = await rpcError(
      server.client().call('CreateSmsVerifyCode', { ...newNumber(), purpose: 'bind' }),
    );
    expect(purpose.message).toBe(PhoneMessage.unknownPurpose);
  });

  it('bounds its fields', async () => {
    const answer = await server.postJson('CreateSmsVerifyCode', {
      countryCallingCode: '49',
      phoneNumber: '1'.repeat(41),
      purpose: 'signIn',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('phoneNumber');
  });
});

describe('sign-in with phone and code', () => {
  it('creates an account for a new number, and signs the same number in again', async () => {
    const phone = newNumber();
    const { authToken } = await server.client().call('CreateUser', {
      countryCallingCode: phone.countryCallingCode,
      phoneNumber: phone.phoneNumber,
      verifyCode: await sendCode(server, phone),
      options: { locale: 'de' },
    });
    const { user, options } = await server.client(authToken).call('GetUserProfile');
    expect(user).toMatchObject({
      countryCallingCode: '49',
      phoneNumber: phone.e164.slice(3),
      email: '',
      hasPassword: false,
    });
    expect(options?.locale).toBe('de');

    // Typed the international way this time.
    const again = await server.client().call('CreateSession', {
      countryCallingCode: '+49',
      phoneNumber: phone.e164,
      verifyCode: await sendCode(server, phone),
    });
    const second = await server.client(again.authToken).call('GetUserProfile');
    expect(second.user?.id).toBe(user?.id);
  });

  it('spends a code once', async () => {
    const phone = newNumber();
    const verifyCode = await sendCode(server, phone);
    await server.client().call('CreateSession', { ...phone, verifyCode });
    const error = await rpcError(server.client().call('CreateSession', { ...phone, verifyCode }));
    expect(error).toMatchObject({
      code: ErrorCode.InvalidInput,
      message: PhoneMessage.invalidCode,
    });
  });

  it('refuses a wrong code, and an earlier code once a new one was sent', async () => {
    const phone = newNumber();
    const first = await sendCode(server, phone);
    const wrong = first === '000000' ? '000001' : '000000';
    const refused = await rpcError(
      server.client().call('CreateSession', { ...phone, verifyCode: wrong }),
    );
    expect(refused.message).toBe(PhoneMessage.invalidCode);
    const second = await sendCode(server, phone);
    if (second !== first) {
      const old = await rpcError(
        server.client().call('CreateSession', { ...phone, verifyCode: first }),
      );
      expect(old.message).toBe(PhoneMessage.invalidCode);
    }
    await server.client().call('CreateSession', { ...phone, verifyCode: second });
  });

  it('refuses a code after its ten minutes', async () => {
    const phone = newNumber();
    const verifyCode = await sendCode(server, phone);
    server.clock.advance(SMS_CODE_TTL_MS);
    const error = await rpcError(server.client().call('CreateSession', { ...phone, verifyCode }));
    expect(error.message).toBe(PhoneMessage.invalidCode);
  });

  it('shows the phone on the profile only for the account that has one', async () => {
    const user = await server.signUp();
    const { user: profile } = await user.client.call('GetUserProfile');
    expect(profile).toMatchObject({ countryCallingCode: '', phoneNumber: '' });
  });
});

describe('limits: per code and per requester, never per number alone', () => {
  let limited: TestServer;
  const OWNER = '203.0.113.1';
  const STRANGER = '198.51.100.7';
  beforeAll(async () => {
    limited = await startTestServer({
      config: { rateLimits: DEFAULT_RATE_LIMITS, trustProxy: ['loopback'] },
    });
  });
  afterAll(() => limited.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** Asks for a code from `address`; answers the code, or the refusal's status. */
  async function codeFrom(address: string, phone: ReturnType<typeof newNumber>) {
    const before = (await codesSentTo(limited, phone.e164)).length;
    const { countryCallingCode, phoneNumber } = phone;
    const answer = await limited.postJson(
      'CreateSmsVerifyCode',
      { countryCallingCode, phoneNumber, purpose: 'signIn' },
      from(address),
    );
    if (answer.status !== 204 && answer.status !== 200) return { status: answer.status };
    for (let waited = 0; waited < 3000; waited += 20) {
      const codes = await codesSentTo(limited, phone.e164);
      if (codes.length > before) return { status: 200, code: codes[codes.length - 1] ?? '' };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no code was written to the outbox');
  }
  function signInFrom(address: string, phone: ReturnType<typeof newNumber>, verifyCode: string) {
    const { countryCallingCode, phoneNumber } = phone;
    return limited.postJson(
      'CreateSession',
      { countryCallingCode, phoneNumber, verifyCode },
      from(address),
    );
  }
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

  it("a stranger's code requests and wrong codes stop the stranger, not the owner", async () => {
    const phone = newNumber();
    const first = await codeFrom(OWNER, phone);
    // The stranger asks for five codes (the sixth is refused) and types five wrong ones.
    for (let sent = 0; sent < 5; sent++) expect((await codeFrom(STRANGER, phone)).status).toBe(200);
    expect((await codeFrom(STRANGER, phone)).status).toBe(429);
    for (let tried = 0; tried < 5; tried++) {
      const wrong = await signInFrom(STRANGER, phone, wrongFor(first.code ?? ''));
      expect(wrong.body).toMatchObject({ code: 400, message: PhoneMessage.invalidCode });
    }
    expect((await signInFrom(STRANGER, phone, first.code ?? '')).status).toBe(429);
    // The owner's code is still alive, and the owner signs in with it.
    const owner = await signInFrom(OWNER, phone, first.code ?? '');
    expect(owner.status).toBe(200);
    expect(owner.body.authToken).toEqual(expect.any(String));
    // The owner can still ask for codes: the stranger used up only their own.
    const again = await codeFrom(OWNER, phone);
    expect((await signInFrom(OWNER, phone, again.code ?? '')).status).toBe(200);
  });

  it('a code wears out after twelve wrong tries from anywhere; a fresh one gets in', async () => {
    const phone = newNumber();
    const worn = await codeFrom(OWNER, phone);
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      for (let tried = 0; tried < 4; tried++) {
        const wrong = await signInFrom(address, phone, wrongFor(worn.code ?? ''));
        expect(wrong.body.message).toBe(PhoneMessage.invalidCode);
      }
    }
    const refused = await signInFrom(OWNER, phone, worn.code ?? '');
    expect(refused.body).toMatchObject({ code: 400, message: PhoneMessage.invalidCode });
    const fresh = await codeFrom(OWNER, phone);
    expect((await signInFrom(OWNER, phone, fresh.code ?? '')).status).toBe(200);
  });

  it('one address tries five codes per number; another number is not held up', async () => {
    const phone = newNumber();
    const { code = '' } = await codeFrom(STRANGER, phone);
    for (let tried = 0; tried < 5; tried++)
      expect((await signInFrom(STRANGER, phone, wrongFor(code))).status).toBe(400);
    expect((await signInFrom(STRANGER, phone, code)).status).toBe(429);
    const other = newNumber();
    const otherCode = await codeFrom(STRANGER, other);
    expect((await signInFrom(STRANGER, other, otherCode.code ?? '')).status).toBe(200);
  });

  it('sends one address only so many codes for a number, however it is typed', async () => {
    const phone = newNumber();
    for (let sent = 0; sent < 5; sent++) expect((await codeFrom(OWNER, phone)).status).toBe(200);
    const international = { countryCallingCode: '', phoneNumber: phone.e164, e164: phone.e164 };
    expect((await codeFrom(OWNER, international)).status).toBe(429);
  });
});
