import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/**
 * Rows one step of a call has read, kept for the later steps of the same transaction so that
 * they do not read them again (on PostgreSQL every read is a round trip the server and the
 * database both pay for). The account read with the session, for instance, serves the
 * planning profile a moment later.
 *
 * Only a transaction remembers anything: it is one call's, and gone when the call ends. A
 * repository that writes a remembered row forgets it in the same breath.
 */
export class TransactionMemo<V> {
  private readonly byTransaction = new WeakMap<object, Map<string, V>>();

  get(db: Kysely<Schema>, key: string): V | undefined {
    return db.isTransaction ? this.byTransaction.get(db)?.get(key) : undefined;
  }

  set(db: Kysely<Schema>, key: string, value: V): void {
    if (!db.isTransaction) return;
    let values = this.byTransaction.get(db);
    if (!values) {
      values = new Map();
      this.byTransaction.set(db, values);
    }
    values.set(key, value);
  }

  forget(db: Kysely<Schema>, key: string): void {
    if (db.isTransaction) this.byTransaction.get(db)?.delete(key);
  }
}
