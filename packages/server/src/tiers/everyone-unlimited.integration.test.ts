import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

// Its own file: EVERYONE_UNLIMITED is a property of the install (one per process).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { everyoneUnlimited: true } });
});
afterAll(() => server.close());

it('EVERYONE_UNLIMITED makes every account unlimited, with no limit refused', async () => {
  const user = await server.signUp();
  const { user: found } = await user.client.call('GetUserProfile');
  expect(found?.premiumLevel).toBe(2);
  for (let i = 0; i < 8; i += 1) {
    await user.client.call('PutCategory', { category: { title: `Extra ${i}` } });
  }
  const { categories } = await user.client.call('GetCategories');
  expect(categories).toHaveLength(12);
});
