import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_TABLES } from '../account-data/user-tables-repository';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import { createTestDatabase } from '../db/test-database';

/**
 * Ready for a distributed PostgreSQL (Citus, docs/running-in-production.md): every table is
 * distributed by `user_id`, which its primary key must start with, or is declared global (a
 * reference table: GLOBAL_TABLES, and Kysely's migration bookkeeping). Read from the database's
 * own catalog, so a new table cannot slip by.
 */
const BOOKKEEPING = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Unique indexes of distributed tables that do not contain `user_id`: lookups by a token or an
 * address that must find the user first. A distributed database cannot enforce them across
 * nodes; each needs a decision before distributing (docs/running-in-production.md). A new one
 * makes the test fail until it is listed here.
 */
const CROSS_USER_LOOKUPS = [
  'devices (token_digest)',
  'email_verifications (token_hash)',
  'files (file_id)',
  'ics_feeds (secret_hash)',
  'notification_actions (token_hash)',
  'password_resets (token_hash)',
  'sessions (token_hash)',
  'social_identities (provider, subject)',
  'statistics_shares (share_id)',
  'subscriptions (store, purchase_key)',
  'user_phones (country_calling_code, phone_number)',
  'users (email)',
  'users (referral_code)',
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

interface Keyed {
  table: string;
  key: string[];
}

/** Every table of the schema with its primary key's columns in order ([] when it has none). */
async function primaryKeys(db: Kysely<Schema>, dialect: string): Promise<Keyed[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table: string; key: string[] | null }>`
      select c.relname as table,
        (select array_agg(a.attname::text order by k.ord)
           from pg_index i
           cross join unnest(i.indkey) with ordinality as k(attnum, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by 1`.execute(db);
    return rows.map((row) => ({ table: row.table, key: row.key ?? [] }));
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by 1
  `.execute(db);
  const keyed: Keyed[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${name}) where pk > 0 order by pk
    `.execute(db);
    keyed.push({ table: name, key: rows.map((row) => row.name) });
  }
  return keyed;
}

/** Unique indexes (not primary keys) without a user_id column: their table and columns. */
async function uniqueWithoutUser(db: Kysely<Schema>, dialect: string): Promise<Keyed[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table: string; key: string[] }>`
      select c.relname as table,
        (select array_agg(a.attname::text order by k.ord)
           from unnest(i.indkey) with ordinality as k(attnum, ord)
           join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as key
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and i.indisunique and not i.indisprimary`.execute(db);
    return rows.filter((row) => !row.key.includes('user_id'));
  }
  const { rows } = await sql<{ table: string; index: string }>`
    select m.name as "table", il.name as "index"
    from sqlite_master m, pragma_index_list(m.name) il
    where m.type = 'table' and il."unique" = 1 and il.origin in ('c', 'u')`.execute(db);
  const keyed: Keyed[] = [];
  for (const row of rows) {
    const { rows: columns } = await sql<{ name: string }>`
      select name from pragma_index_info(${row.index}) order by seqno`.execute(db);
    const key = columns.map((column) => column.name);
    if (!key.includes('user_id')) keyed.push({ table: row.table, key });
  }
  return keyed;
}

describe('ready to distribute by user_id', () => {
  it('every table has a primary key starting with user_id, or is declared global', async () => {
    const keyed = await primaryKeys(database.db, database.dialect);
    expect(keyed.length).toBeGreaterThan(30);
    const global = new Set([...Object.keys(GLOBAL_TABLES), ...BOOKKEEPING]);
    const wrong = keyed
      .filter(({ table, key }) => !global.has(table) && key[0] !== 'user_id')
      .map(({ table, key }) => `${table} (${key.join(', ') || 'no primary key'})`);
    expect(wrong).toEqual([]);
    // A declared global table that has become a user's table is declared wrongly.
    const declaredButKeyed = keyed
      .filter(({ table, key }) => global.has(table) && key[0] === 'user_id')
      .map(({ table }) => table);
    expect(declaredButKeyed).toEqual([]);
  });

  it('lists every unique lookup that does not contain user_id', async () => {
    const global = new Set(Object.keys(GLOBAL_TABLES));
    const found = await uniqueWithoutUser(database.db, database.dialect);
    // Indexes of global tables (reference tables) hold wherever the table is.
    const lookups = found
      .filter(({ table }) => !global.has(table))
      .map(({ table, key }) => `${table} (${key.join(', ')})`);
    expect(lookups.sort()).toEqual([...CROSS_USER_LOOKUPS].sort());
  });
});
