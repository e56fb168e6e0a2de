import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, SchemaTooNewError } from './migrate';
import { createTestDatabase } from './test-database';

describe('migrateToLatest', () => {
  it('is idempotent', async () => {
    const database = await createTestDatabase();
    await expect(migrateToLatest(database)).resolves.toBeUndefined();
    await database.close();
  });

  it('refuses a schema migrated by newer code', async () => {
    const database = await createTestDatabase();
    await sql`insert into kysely_migration (name, timestamp) values ('9999_future', '2030-01-01')`.execute(
      database.db,
    );
    await expect(migrateToLatest(database)).rejects.toThrow(SchemaTooNewError);
    await expect(migrateToLatest(database)).rejects.toThrow(/9999_future/);
    await database.close();
  });
});
