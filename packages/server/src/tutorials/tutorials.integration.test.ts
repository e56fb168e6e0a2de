import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOptions } from '../accounts/accounts-repository';
import { getAccount } from '../accounts/accounts-service';
import { rpcError } from '../events/rpc-error-helper';
import { startTestServer, type SignedUpUser, type TestServer } from '../testing/test-server';

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp();
});
afterAll(() => server.close());

async function finish(tutorial: string, status = '') {
  return (await user.client.call('FinishTutorial', { tutorial, status })).tutorialStatus;
}

async function storedStatus(): Promise<string> {
  const { user: profile } = await user.client.call('GetUserProfile');
  return profile?.options?.tutorialStatus ?? '';
}

describe('FinishTutorial', () => {
  it('records finished tutorials in the user option tutorialStatus', async () => {
    expect(await finish('onboarding')).toBe('{"onboarding":true}');
    expect(await finish('firstTask', '{"step":2}')).toBe(
      '{"onboarding":true,"firstTask":{"step":2}}',
    );
    expect(JSON.parse(await storedStatus())).toEqual({ onboarding: true, firstTask: { step: 2 } });
  });

  it('un-hides one tutorial with null and resets all with an empty name and {}', async () => {
    await finish('focusView');
    expect(JSON.parse(await finish('onboarding', 'null'))).not.toHaveProperty('onboarding');
    expect(await finish('', '{}')).toBe('{}');
    expect(await storedStatus()).toBe('{}');
  });

  it('treats a damaged stored status as empty', async () => {
    for (const damaged of ['[1,2]', 'not json', '"text"']) {
      const account = await getAccount(server.database.db, user.userId);
      await updateOptions(server.database.db, user.userId, {
        ...account.options,
        tutorialStatus: damaged,
      });
      expect(await finish('autoExtend')).toBe('{"autoExtend":true}');
    }
  });

  it('refuses bad names, bad JSON and an empty name without a reset', async () => {
    for (const [tutorial, status, message] of [
      ['bad name!', '', /tutorial/],
      ['onboarding', '{not json', /status/],
      ['', '', /tutorial/],
      ['x'.repeat(65), '', /tutorial/],
    ] as const) {
      const error = await rpcError(user.client.call('FinishTutorial', { tutorial, status }));
      expect(error.code).toBe(400);
      expect(error.message).toMatch(message);
    }
  });

  it('needs a session', async () => {
    const answer = await server.postJson('FinishTutorial', { tutorial: 'onboarding' });
    expect(answer.status).toBe(401);
  });
});
