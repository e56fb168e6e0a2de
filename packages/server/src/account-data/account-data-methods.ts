import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { AccountsService } from '@planner/protocol';
import type { Schema } from '../db/schema';
import { FileStore } from '../files/file-store';
import { text } from '../rpc/bounds';
import type { ReadOnlyDb } from '../rpc/context';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import type { RateLimitSpec } from '../rpc/rate-limit';
import { SESSIONS_ENDED } from '../realtime/realtime-hub';
import type { ServiceDeps } from '../service-deps';
import { checkConfirmation, deleteUserRows } from './delete-account';
import { buildExport, exportFilename } from './export';
import { listUserTables, type UserTable } from './user-tables-repository';
import { publishChange } from '../realtime/publish-change';

/** Where a user's files (the avatar) live: DATA_DIR/files/<userId>/, as the file store keeps them. */
export function userFilesDir(dataDir: string, userId: string): string {
  return new FileStore(dataDir).userDir(userId);
}

/**
 * The schema walk reads the database's catalog through Kysely's introspection, which the
 * read-only type of a `prepare` step leaves out: it reads, and only the catalog.
 */
function schemaReader(db: ReadOnlyDb): Kysely<Schema> {
  return db as unknown as Kysely<Schema>;
}

/** Exports per account, whatever the session or address (bucket in config's rate limits). */
const DUMP_LIMIT: RateLimitSpec<string> = [
  { bucket: 'dumpUserDataPerUser', key: (userId) => userId },
];

/** DumpUserData (the zip of everything) and DeleteAccount (everything gone). */
export function createAccountDataMethods(deps: ServiceDeps): MethodDefinition[] {
  // The schema does not change while the server runs: read it once, on first use.
  let tables: Promise<UserTable[]> | undefined;
  const userTables = (db: Kysely<Schema>): Promise<UserTable[]> => {
    tables ??= listUserTables(db).catch((error: unknown) => {
      tables = undefined;
      throw error;
    });
    return tables;
  };

  return [
    defineMethod(AccountsService.method.dumpUserData, {
      auth: 'required',
      // Reads and compresses before any transaction opens: a heavy user's archive takes a
      // second to build, and a transaction held that long would stall others (on SQLite, all).
      prepare: async (_input, ctx) => {
        // About a second of CPU each: a few an hour per account (DUMP_LIMIT).
        await deps.rateLimiters.consume(DUMP_LIMIT, ctx.userId, ctx);
        const now = ctx.now();
        const tables = await userTables(schemaReader(ctx.db));
        const filesDir = userFilesDir(deps.config.dataDir, ctx.userId);
        return { data: await buildExport(ctx.db, tables, ctx.userId, now, filesDir), now };
      },
      handler: async (_input, _ctx, built) => ({
        data: built.data,
        filename: exportFilename(built.now),
      }),
    }),
    defineMethod(AccountsService.method.deleteAccount, {
      auth: 'required',
      bounds: { password: text(1024), email: text(320) },
      prepare: (input, ctx) =>
        checkConfirmation(
          ctx.db,
          deps.signInThrottle,
          { userId: ctx.userId, sessionId: ctx.sessionId, now: ctx.now() },
          input,
        ),
      handler: async (_input, ctx, confirmed) => {
        await deleteUserRows(ctx.db, await userTables(ctx.db), confirmed);
        const { userId } = ctx;
        ctx.afterCommit(async () => {
          await rm(userFilesDir(deps.config.dataDir, userId), { recursive: true, force: true });
        });
        // Every open stream of the account finds its session gone and closes.
        ctx.afterCommit(() => publishChange(deps.realtime, userId, SESSIONS_ENDED));
        return {};
      },
    }),
  ];
}
