import { DEFAULT_CATEGORIES } from '@planner/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcError } from '../events/rpc-error-helper';
import {
  startTestServer,
  TEST_NOW,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';

let server: TestServer;
let user: SignedUpUser;
let other: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.signUp();
  other = await server.signUp();
});
afterAll(() => server.close());

async function setPremiumLevel(userId: string, level: number): Promise<void> {
  await server.database.db
    .updateTable('users')
    .set({ premium_level: level })
    .where('user_id', '=', userId)
    .execute();
}

const json = (u: SignedUpUser) => ({ authorization: `Bearer ${u.token}` });

describe('GetCategories', () => {
  it('answers the 4 default categories of a new account', async () => {
    const { categories } = await user.client.call('GetCategories');
    expect(categories.map((c) => c.id)).toEqual(DEFAULT_CATEGORIES.map((c) => c.key));
    expect(categories[0]).toMatchObject({ title: 'Work', color: 'Blue-500', icon: 'work' });
  });

  it('needs a session', async () => {
    const answer = await server.postJson('GetCategories', {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 16 });
  });

  it('seeds the defaults in the sign-up locale', async () => {
    const german = await server.signUp({ locale: 'de' });
    const { categories } = await german.client.call('GetCategories');
    expect(categories.map((c) => c.title)).toEqual(['Arbeit', 'Privat', 'Lernen', 'Gesundheit']);
  });
});

describe('PutCategory', () => {
  it('creates a category with the default icon and an unused palette colour', async () => {
    const { category } = await user.client.call('PutCategory', {
      category: { title: '  Reading  ', description: 'Books' },
    });
    expect(category).toMatchObject({
      title: 'Reading',
      description: 'Books',
      icon: 'label',
      updatedAt: TEST_NOW,
    });
    expect(['Blue-500', 'Green-500', 'Purple-500', 'Red-500']).not.toContain(category?.color);
    expect(category?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changes a category and stamps updatedAt', async () => {
    server.clock.advance(60_000);
    const { category } = await user.client.call('PutCategory', {
      category: { id: 'work', title: 'Job', color: 'Teal-500', icon: 'school' },
    });
    expect(category).toMatchObject({ id: 'work', title: 'Job', color: 'Teal-500', icon: 'school' });
    expect(category?.updatedAt).toBe(server.clock.now());
    const { categories } = await user.client.call('GetCategories');
    expect(categories.find((c) => c.id === 'work')?.title).toBe('Job');
  });

  it.each(['', '   ', '\n\t'])(
    'refuses the name %j with invalid.enterCategoryName',
    async (title) => {
      const error = await rpcError(user.client.call('PutCategory', { category: { title } }));
      expect(error).toMatchObject({ code: 400, message: 'invalid.enterCategoryName' });
    },
  );

  it('refuses colours and icons outside the lists, and over-long names', async () => {
    const colour = await rpcError(
      user.client.call('PutCategory', { category: { title: 'X', color: 'Red-501' } }),
    );
    expect(colour).toMatchObject({ code: 400, message: 'invalid.categoryColor' });
    const icon = await rpcError(
      user.client.call('PutCategory', { category: { title: 'X', icon: 'no_such_icon' } }),
    );
    expect(icon).toMatchObject({ code: 400, message: 'invalid.categoryIcon' });
    const long = await rpcError(
      user.client.call('PutCategory', { category: { title: 'x'.repeat(101) } }),
    );
    expect(long).toMatchObject({ code: 400, message: 'invalid.categoryNameTooLong' });
  });

  it('refuses a missing category, wrong types and unknown fields', async () => {
    const missing = await server.postJson('PutCategory', {}, json(user));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/category/);
    const wrongType = await server.postJson('PutCategory', { category: { title: 5 } }, json(user));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/field "title": expected string/);
    const unknown = await server.postJson(
      'PutCategory',
      { category: { title: 'A', colour: 'Red-500' } },
      json(user),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/colour/);
  });

  it("answers another user's id exactly as a missing id, and changes nothing", async () => {
    // Default ids ('work') are per account; a custom category's id is the first user's alone.
    const { categories } = await user.client.call('GetCategories');
    const custom = categories.find((c) => c.title === 'Reading');
    const stolen = await server.postJson(
      'PutCategory',
      { category: { id: custom?.id, title: 'Hacked' } },
      json(other),
    );
    const missing = await server.postJson(
      'PutCategory',
      { category: { id: 'no-such-id', title: 'Hacked' } },
      json(other),
    );
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual(missing.body);
    expect(stolen.headers.get('error-message')).toBe(missing.headers.get('error-message'));
    const after = await user.client.call('GetCategories');
    expect(after.categories.find((c) => c.id === custom?.id)?.title).toBe('Reading');
  });
});

describe('the category limit', () => {
  it('lets a free account own 5 categories (4 defaults + 1 custom) and answers 4201 beyond', async () => {
    const free = await server.signUp();
    await free.client.call('PutCategory', { category: { title: 'Custom' } });
    const error = await rpcError(
      free.client.call('PutCategory', { category: { title: 'One more' } }),
    );
    expect(error).toMatchObject({ code: 4201, message: 'numCategories' });
    const { categories } = await free.client.call('GetCategories');
    expect(categories).toHaveLength(5);
    // Deleting one makes room again; renaming never counts.
    await free.client.call('PutCategory', { category: { id: 'study', title: 'Courses' } });
    await free.client.call('DeleteCategory', { id: 'health' });
    await free.client.call('PutCategory', { category: { title: 'One more' } });
  });

  it('lets only one of several concurrent creations take the last free place', async () => {
    const racer = await server.signUp();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        racer.client.call('PutCategory', { category: { title: `Race ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await racer.client.call('GetCategories')).categories).toHaveLength(5);
  });

  it('answers 4202 past the premium limit of 54, and lets unlimited accounts go on', async () => {
    const premium = await server.signUp();
    await setPremiumLevel(premium.userId, 1);
    for (let i = 0; i < 50; i += 1) {
      await premium.client.call('PutCategory', { category: { title: `C${i}` } });
    }
    const error = await rpcError(premium.client.call('PutCategory', { category: { title: 'X' } }));
    expect(error).toMatchObject({ code: 4202, message: 'numCategories' });
    await setPremiumLevel(premium.userId, 2);
    await premium.client.call('PutCategory', { category: { title: 'X' } });
    expect((await premium.client.call('GetCategories')).categories).toHaveLength(55);
  });
});

describe('DeleteCategory', () => {
  it('deletes the caller own category and answers 404 for missing or foreign ids', async () => {
    const mine = await server.signUp();
    const { category } = await mine.client.call('PutCategory', { category: { title: 'Temp' } });
    const foreign = await server.postJson('DeleteCategory', { id: category?.id }, json(other));
    const missing = await server.postJson('DeleteCategory', { id: 'nope' }, json(other));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    await mine.client.call('DeleteCategory', { id: category?.id ?? '' });
    const { categories } = await mine.client.call('GetCategories');
    expect(categories.map((c) => c.id)).not.toContain(category?.id);
    const again = await rpcError(mine.client.call('DeleteCategory', { id: category?.id ?? '' }));
    expect(again.code).toBe(404);
  });

  it('bumps timelineUpdatedAt so polling clients refetch', async () => {
    const before = await user.client.call('GetTimelineState');
    server.clock.advance(1_000);
    const { category } = await user.client.call('PutCategory', {
      category: { id: 'study', title: 'Study' },
    });
    const after = await user.client.call('GetTimelineState');
    expect(category?.title).toBe('Study');
    expect(after.timelineUpdatedAt).toBeGreaterThan(before.timelineUpdatedAt);
  });
});
