import type { Kysely } from 'kysely';

/** Being built: its tables arrive with the feature. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
