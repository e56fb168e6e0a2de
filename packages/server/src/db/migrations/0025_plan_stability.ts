import type { Kysely } from 'kysely';

/**
 * Stable re-plans (docs/plan-stability.md): the timeline state row keeps the planned future of
 * the latest plan the server computed (what the next re-plan keeps), the moves of the latest
 * re-plan that moved something, and the request id of the latest change not yet planned. JSON
 * as text, '' for none; same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['planned_blocks', 'plan_changes', 'plan_cause']) {
    await db.schema
      .alterTable('timeline_state')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['plan_cause', 'plan_changes', 'planned_blocks']) {
    await db.schema.alterTable('timeline_state').dropColumn(column).execute();
  }
}
