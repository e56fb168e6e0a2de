import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './test-database';

const url = process.env.DATABASE_URL;
let database: Database;

const row = (id: string) => ({
  user_id: 'u1',
  id,
  title: id,
  description: '',
  color: 'Red-500',
  icon: '',
  created_at: 0,
  updated_at: 0,
});

/** Whether the session has a transaction open (PostgreSQL assigns no id to autocommit reads). */
async function inTransaction(db: Database['db']): Promise<boolean> {
  const { rows } = await sql<{
    open: boolean;
  }>`select now() <> statement_timestamp() as open`.execute(db);
  return rows[0]?.open ?? false;
}

describe.skipIf(!url)('PostgreSQL pool (deferred BEGIN, named statements)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insertInto('categories').values(row('a')).execute();
  });
  afterAll(async () => database.close());

  it('runs a read-only transaction without opening one, and answers its reads', async () => {
    const found = await database.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('categories')
        .select('id')
        .where('user_id', '=', 'u1')
        .execute();
      return { rows, open: await inTransaction(trx) };
    });
    expect(found.rows.map((r) => r.id)).toEqual(['a']);
    expect(found.open).toBe(false);
  });

  it('opens the transaction at the first write: a rollback undoes it', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('categories').selectAll().execute();
        await trx.insertInto('categories').values(row('b')).execute();
        expect(await inTransaction(trx)).toBe(true);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const ids = await database.db.selectFrom('categories').select('id').execute();
    expect(ids.map((r) => r.id)).toEqual(['a']);
  });

  it('opens it at a locking read: the row stays locked until commit', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('categories').selectAll().where('id', '=', 'a').forUpdate().execute();
      expect(await inTransaction(trx)).toBe(true);
      // Another connection cannot take the lock meanwhile.
      await expect(
        database.db
          .selectFrom('categories')
          .selectAll()
          .where('id', '=', 'a')
          .forUpdate()
          .modifyEnd(sql`nowait`)
          .execute(),
      ).rejects.toThrow(/lock/);
    });
  });
});
