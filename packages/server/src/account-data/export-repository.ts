import type { Kysely } from 'kysely';
import type { EventRow } from '../events/tables';
import type { ReadOnlyDb } from '../rpc/context';
import { exportedColumns, type UserTable } from './user-tables-repository';

type Row = Record<string, unknown>;
/** Tables by a name known only at run time (the schema walk), rows as plain records. */
type AnyTables = Record<string, Row>;

export /** Every row of the user in every table, secrets left out, keyed by table name. */
async function readUserRows(
  db: ReadOnlyDb,
  tables: readonly UserTable[],
  userId: string,
): Promise<Map<string, Row[]>> {
  const reader = db as unknown as Pick<Kysely<AnyTables>, 'selectFrom'>;
  const rows = new Map<string, Row[]>();
  for (const table of tables) {
    const result = await reader
      .selectFrom(table.name)
      .select(exportedColumns(table))
      .where('user_id', '=', userId)
      .execute();
    rows.set(table.name, result);
  }
  return rows;
}

export function eventRows(db: ReadOnlyDb, userId: string): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
}

/** The user's blocks that started before `now`, with their task's or event's title and category. */
export function pastBlocks(db: ReadOnlyDb, userId: string, now: number) {
  return db
    .selectFrom('timeblocks as b')
    .leftJoin('tasks as t', (join) =>
      join.onRef('t.user_id', '=', 'b.user_id').onRef('t.id', '=', 'b.task_id'),
    )
    .leftJoin('events as e', (join) =>
      join.onRef('e.user_id', '=', 'b.user_id').onRef('e.id', '=', 'b.event_id'),
    )
    .select([
      'b.start_ms',
      'b.end_ms',
      'b.is_rest',
      'b.task_id',
      'b.event_id',
      't.title as task_title',
      't.category_id as task_category',
      'e.title as event_title',
      'e.category_id as event_category',
    ])
    .where('b.user_id', '=', userId)
    .where('b.start_ms', '<', now)
    .orderBy('b.start_ms')
    .orderBy('b.id')
    .execute();
}
