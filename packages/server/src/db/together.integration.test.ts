import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './test-database';
import { deferWrite, known, statement, together } from './together';

let database: Database;

const row = (id: string, userId = 'u1') => ({
  user_id: userId,
  id,
  title: `Category ${id}`,
  description: '',
  color: 'Red-500',
  icon: '',
  created_at: 0,
  updated_at: 0,
});

type Db = Database['db'];

const idsOf = (db: Db, userId = 'u1') =>
  statement(
    db.selectFrom('categories').select('id').where('user_id', '=', userId).orderBy('id').compile(),
    ({ rows }) => rows.map((r) => r.id),
  );

const insert = (db: Db, id: string) => db.insertInto('categories').values(row(id)).compile();

async function storedIds(): Promise<string[]> {
  const rows = await database.db.selectFrom('categories').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.deleteFrom('categories').execute();
  await database.db
    .insertInto('categories')
    .values([row('a'), row('b', 'u2')])
    .execute();
});

describe('together', () => {
  it('answers each statement in order, and known answers without asking', async () => {
    const [mine, theirs, none, cached] = await together(database.db, [
      idsOf(database.db),
      idsOf(database.db, 'u2'),
      idsOf(database.db, 'nobody'),
      known(['from a cache']),
    ]);
    expect(mine).toEqual(['a']);
    expect(theirs).toEqual(['b']);
    expect(none).toEqual([]);
    expect(cached).toEqual(['from a cache']);
  });

  it('runs in the order given: a read sees the write before it, in the transaction', async () => {
    const [inserted, seen] = await database.db
      .transaction()
      .execute((trx) =>
        together(trx, [
          statement(insert(trx, 'c'), (result) => Number(result.numAffectedRows)),
          idsOf(trx),
        ]),
      );
    expect(inserted).toBe(1);
    expect(seen).toEqual(['a', 'c']);
    expect(await storedIds()).toEqual(['a', 'b', 'c']);
  });

  it('fails as a whole when one statement fails, and the transaction rolls back', async () => {
    await expect(
      database.db
        .transaction()
        .execute((trx) =>
          together(trx, [
            statement(insert(trx, 'c'), () => 0),
            statement(insert(trx, 'a'), () => 0),
          ]),
        ),
    ).rejects.toThrow();
    expect(await storedIds()).toEqual(['a', 'b']);
  });
});

describe('deferred writes', () => {
  it('land with the commit, and the transaction reads them before', async () => {
    const seen = await database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, insert(trx, 'c'));
      return (await together(trx, [idsOf(trx)]))[0];
    });
    expect(seen).toEqual(['a', 'c']);
    expect(await storedIds()).toEqual(['a', 'b', 'c']);
  });

  it('land when nothing else follows them but the commit', async () => {
    await database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, insert(trx, 'c'));
      await deferWrite(trx, insert(trx, 'd'));
    });
    expect(await storedIds()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('are atomic with the transaction: one failing undoes the others', async () => {
    // On PostgreSQL both go out only at COMMIT (with BEGIN before them); on SQLite the second
    // fails at once. Either way the call fails and nothing of it stays.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await deferWrite(trx, insert(trx, 'c'));
        await deferWrite(trx, insert(trx, 'a'));
      }),
    ).rejects.toThrow();
    expect(await storedIds()).toEqual(['a', 'b']);
  });

  it('never land when the transaction rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await deferWrite(trx, insert(trx, 'c'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await storedIds()).toEqual(['a', 'b']);
    // The connection is clean for the next call.
    await database.db.transaction().execute(async (trx) => {
      await deferWrite(trx, insert(trx, 'd'));
    });
    expect(await storedIds()).toEqual(['a', 'b', 'd']);
  });

  it('run at once outside a transaction', async () => {
    await deferWrite(database.db, insert(database.db, 'c'));
    expect(await storedIds()).toEqual(['a', 'b', 'c']);
  });
});
