import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { listValue, oneOf, preparedQuery } from './prepared';
import { createTestDatabase } from './test-database';

let database: Database;
const base = {
  title: 'x',
  description: '',
  color: 'Red-500',
  icon: '',
  updated_at: 0,
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('categories')
    .values(
      ['a', 'b', 'c'].map((id, i) => ({
        user_id: i < 2 ? 'u1' : 'u2',
        id,
        title: `Category ${id}`,
        description: '',
        color: 'Red-500',
        icon: '',
        created_at: i,
        updated_at: i,
      })),
    )
    .execute();
});
afterAll(async () => database.close());

const titles = preparedQuery((db, $) =>
  db
    .selectFrom('categories')
    .select(['id', 'title'])
    .where('user_id', '=', $<string>(0))
    .where('created_at', '>=', $<number>(1))
    .where('color', '=', 'Red-500')
    .orderBy('id'),
);

describe('preparedQuery', () => {
  it('runs with each call its own values, constants kept', async () => {
    expect((await titles(database.db, ['u1', 0])).rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect((await titles(database.db, ['u1', 1])).rows.map((r) => r.id)).toEqual(['b']);
    expect((await titles(database.db, ['u2', 0])).rows.map((r) => r.id)).toEqual(['c']);
    expect((await titles(database.db, ['nobody', 0])).rows).toEqual([]);
  });

  it('runs inside a transaction and sees its writes; a value may stand in several places', async () => {
    const rename = preparedQuery((db, $) =>
      db
        .updateTable('categories')
        .set({ title: sql<string>`${$(2)} || ' ' || ${$(2)}` })
        .where('user_id', '=', $<string>(0))
        .where('id', '=', $<string>(1)),
    );
    await database.db.transaction().execute(async (trx) => {
      await rename(trx, ['u1', 'a', 'x']);
      const rows = (await titles(trx, ['u1', 0])).rows;
      expect(rows.find((r) => r.id === 'a')?.title).toBe('x x');
    });
  });

  it('takes a list as one value, whatever its length and its characters', async () => {
    const odd = ["it's", 'a,b', '{x}', '"q"', 'é ✓'];
    await database.db
      .insertInto('categories')
      .values(odd.map((id, i) => ({ ...base, user_id: 'u3', id, created_at: i })))
      .execute();
    const byIds = preparedQuery((db, $) =>
      db
        .selectFrom('categories')
        .select('id')
        .where('user_id', '=', $<string>(0))
        .where(oneOf(db, 'id', $(1)))
        .orderBy('created_at'),
    );
    const ids = async (list: string[]) =>
      (await byIds(database.db, ['u3', listValue(database.db, list)])).rows.map((r) => r.id);
    expect(await ids(odd)).toEqual(odd);
    expect(await ids(['a,b', 'missing'])).toEqual(['a,b']);
    expect(await ids(['é ✓'])).toEqual(['é ✓']);
    expect(await ids([])).toEqual([]);
  });
});
