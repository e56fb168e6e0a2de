import { CalendarService } from '@planner/protocol';
import { newId } from '../secrets';
import { SecretBox } from '../calendar-sync/secret-box';
import { publishSyncChange, removeSyncedOrigin } from '../calendar-sync/synced-events';
import { listSyncedOrigins } from '../calendar-sync/synced-events-repository';
import { getCategory } from '../categories/categories-repository';
import type { Database } from '../db/database';
import { idBound, list, text } from '../rpc/bounds';
import type { AuthedPrepareContext, Db } from '../rpc/context';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { invalid, notFound } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import {
  CalDavError,
  CalDavErrorKey,
  CalDavSession,
  checkServerUrl,
  MAX_SERVER_URL,
  type RemoteCalendar,
} from './caldav-client';
import {
  accountCalendars,
  countAccounts,
  deleteAccount,
  findAccount,
  insertAccount,
  insertCalendars,
  updateAccount,
  updateCalendar,
  userAccounts,
  userCalendars,
} from './caldav-repository';
import {
  limitsOf,
  newCalendarRow,
  originOf,
  syncAccount,
  syncDueAccounts,
  unpublishAll,
  type SyncDeps,
} from './caldav-sync';
import type { CalDavAccountRow, CalDavCalendarRow } from './tables';

/** A person with more calendar servers than this is unusual; each costs a sync. */
const MAX_ACCOUNTS = 10;
const MAX_CALENDARS = 100;
const USERNAME_CHARS = 200;
const PASSWORD_CHARS = 500;

const calendarBounds = list<{ id: string; title: string; categoryId: string; color: string }>(
  MAX_CALENDARS,
  {
    each: {
      id: text(MAX_SERVER_URL + 500),
      title: text(200),
      categoryId: idBound,
      color: text(20),
    },
  },
);

/** A CalDAV failure as the caller sees it: its message key, code 400. */
function asAppError(error: unknown): unknown {
  if (error instanceof CalDavError) {
    if (error.key === 'notFound') return notFound();
    return invalid(
      Object.values(CalDavErrorKey).includes(error.key as never)
        ? error.key
        : CalDavErrorKey.cannotSync,
    );
  }
  return error;
}

function accountMessage(account: CalDavAccountRow, calendars: readonly CalDavCalendarRow[]) {
  return {
    id: account.account_id,
    serverUrl: account.server_url,
    username: account.username,
    calendars: calendars.map((c) => ({
      id: c.calendar_url,
      title: c.title,
      syncEnabled: c.sync_enabled === 1,
      categoryId: c.category_id,
      color: c.color,
      publish: c.publish === 1,
    })),
    lastSyncedAt: Number(account.last_synced_at),
    error: account.error,
  };
}

/** A prepare step inside a Chain sees the chain's transaction: the sync's own would wait on it. */
function refuseInChain(ctx: AuthedPrepareContext, method: string): void {
  if ((ctx.db as { isTransaction?: boolean }).isTransaction) {
    throw invalid(`${method} cannot be a Chain step`);
  }
}

/** What the CalDAV methods share: the config, the sealing box, the sync's parts. */
interface CalDavKit {
  deps: ServiceDeps & { database: Database };
  box: SecretBox;
  syncDeps: SyncDeps;
  /** The calendars of an account at its server (an AppError when it cannot be used). */
  discover: (
    serverUrl: string,
    username: string,
    password: string,
  ) => Promise<Awaited<ReturnType<CalDavSession['calendars']>>>;
  /** The account as the methods answer it. */
  answer: (
    db: Db,
    userId: string,
    accountId: string,
  ) => Promise<{ account: ReturnType<typeof accountMessage> }>;
}

/**
 * CalDAV accounts (issue 17, docs/caldav.md): AddCalDavAccount, ListCalDavAccounts,
 * UpdateCalDavAccount, SyncCalDavAccount, RemoveCalDavAccount, and the periodic sync pass.
 * Everything that talks to the user's server runs in `prepare`, outside the call's transaction.
 */
export function createCalDavMethods(
  deps: ServiceDeps & { database: Database },
): MethodDefinition[] {
  const box = SecretBox.fromConfig(deps.config);
  const syncDeps: SyncDeps = {
    db: deps.database.db,
    config: deps.config,
    realtime: deps.realtime,
    log: deps.log,
  };
  deps.jobs.every('caldav-sync', deps.config.calendarSyncIntervalMs, async () => {
    await syncDueAccounts(syncDeps, deps.clock.now());
  });

  const discover = async (serverUrl: string, username: string, password: string) => {
    try {
      const session = await CalDavSession.open(serverUrl, username, password, limitsOf(syncDeps));
      const calendars = await session.calendars();
      if (calendars.length === 0) throw invalid(CalDavErrorKey.noCalendars);
      return calendars;
    } catch (error) {
      throw asAppError(error);
    }
  };

  const answer = async (db: Db, userId: string, accountId: string) => {
    const account = await findAccount(db, userId, accountId);
    if (!account) throw notFound();
    return { account: accountMessage(account, await accountCalendars(db, userId, accountId)) };
  };

  const kit: CalDavKit = { deps, box, syncDeps, discover, answer };
  return [
    addCalDavAccountMethod(kit),
    listCalDavAccountsMethod(kit),
    updateCalDavAccountMethod(kit),
    syncCalDavAccountMethod(kit),
    removeCalDavAccountMethod(kit),
  ];
}

function addCalDavAccountMethod({ deps, box, discover }: CalDavKit): MethodDefinition {
  return defineMethod(CalendarService.method.addCalDavAccount, {
    auth: 'required',
    bounds: {
      serverUrl: text(MAX_SERVER_URL, { key: CalDavErrorKey.invalidServerUrl }),
      username: text(USERNAME_CHARS),
      password: text(PASSWORD_CHARS),
    },
    prepare: async (input, ctx) => {
      refuseInChain(ctx, 'AddCalDavAccount');
      let serverUrl: string;
      try {
        serverUrl = checkServerUrl(input.serverUrl, deps.config.caldavAllowPrivateHosts);
      } catch (error) {
        throw asAppError(error);
      }
      if (!input.username.trim() || !input.password) throw invalid(CalDavErrorKey.wrongPassword);
      if ((await countAccounts(ctx.db, ctx.userId)) >= MAX_ACCOUNTS) {
        throw invalid('calendar.tooManyAccounts');
      }
      const calendars = await discover(serverUrl, input.username.trim(), input.password);
      return { serverUrl, calendars };
    },
    handler: async (input, ctx, { serverUrl, calendars }) => {
      if ((await countAccounts(ctx.db, ctx.userId)) >= MAX_ACCOUNTS) {
        throw invalid('calendar.tooManyAccounts');
      }
      const now = ctx.now();
      const account: CalDavAccountRow = {
        user_id: ctx.userId,
        account_id: newId(),
        server_url: serverUrl,
        username: input.username.trim(),
        password_sealed: box.seal(input.password),
        error: '',
        failures: 0,
        next_sync_at: now + deps.config.calendarSyncIntervalMs,
        last_synced_at: 0,
        created_at: now,
        updated_at: now,
      };
      await insertAccount(ctx.db, account);
      const rows = calendars.map((c: RemoteCalendar, i: number) =>
        newCalendarRow(ctx.userId, account.account_id, c, i),
      );
      await insertCalendars(ctx.db, rows);
      return { account: accountMessage(account, rows) };
    },
  });
}

function listCalDavAccountsMethod(_kit: CalDavKit): MethodDefinition {
  return defineMethod(CalendarService.method.listCalDavAccounts, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const accounts = await userAccounts(ctx.db, ctx.userId);
      const calendars = await userCalendars(ctx.db, ctx.userId);
      return {
        accounts: accounts.map((a) =>
          accountMessage(
            a,
            calendars.filter((c) => c.account_id === a.account_id),
          ),
        ),
      };
    },
  });
}

function updateCalDavAccountMethod({ deps, box, discover, answer }: CalDavKit): MethodDefinition {
  return defineMethod(CalendarService.method.updateCalDavAccount, {
    auth: 'required',
    bounds: { accountId: idBound, calendars: calendarBounds, password: text(PASSWORD_CHARS) },
    // A new password is tried at the server before it replaces the stored one.
    prepare: async (input, ctx) => {
      if (!input.password) return false;
      refuseInChain(ctx, 'UpdateCalDavAccount with a password');
      const account = await findAccount(ctx.db, ctx.userId, input.accountId);
      if (!account) throw notFound();
      await discover(account.server_url, account.username, input.password);
      return true;
    },
    handler: async (input, ctx, passwordChecked) => {
      const { userId } = ctx;
      const now = ctx.now();
      const account = await findAccount(ctx.db, userId, input.accountId);
      if (!account) throw notFound();
      const stored = new Map(
        (await accountCalendars(ctx.db, userId, account.account_id)).map((c) => [
          c.calendar_url,
          c,
        ]),
      );
      const after = chooseCalendars(stored, input.calendars);
      const cause = ctx.requestId;
      const removed = await applyCalendarChoices(ctx.db, userId, account, after, now, cause);
      await updateAccount(ctx.db, userId, account.account_id, {
        ...(passwordChecked
          ? { password_sealed: box.seal(input.password), error: '', failures: 0 }
          : {}),
        // The periodic pass picks the account up at once.
        next_sync_at: passwordChecked || account.error === '' ? now : account.next_sync_at,
        updated_at: now,
      });
      // The sync's change mark was recorded with the removal; the other devices are told.
      if (removed) ctx.afterCommit(() => publishSyncChange(deps.realtime, userId, ctx.sessionId));
      return answer(ctx.db, userId, account.account_id);
    },
  });
}

function syncCalDavAccountMethod({ syncDeps }: CalDavKit): MethodDefinition {
  return defineMethod(CalendarService.method.syncCalDavAccount, {
    auth: 'required',
    bounds: { accountId: idBound },
    prepare: async (input, ctx) => {
      refuseInChain(ctx, 'SyncCalDavAccount');
      const account = await findAccount(ctx.db, ctx.userId, input.accountId);
      if (!account) throw notFound();
      // A refused password is not tried again until the user gives a new one.
      if (account.error === CalDavErrorKey.wrongPassword) {
        throw invalid(CalDavErrorKey.wrongPassword);
      }
      try {
        const { userId, requestId } = ctx;
        return await syncAccount(syncDeps, userId, account.account_id, ctx.now(), requestId);
      } catch (error) {
        throw asAppError(error);
      }
    },
    handler: (_input, _ctx, result) => Promise.resolve(result),
  });
}

function removeCalDavAccountMethod({ deps, syncDeps }: CalDavKit): MethodDefinition {
  return defineMethod(CalendarService.method.removeCalDavAccount, {
    auth: 'required',
    bounds: { accountId: idBound },
    // What was published into the user's calendar goes with the account, as far as the
    // server lets it (a server that cannot be reached leaves it there; the account goes anyway).
    prepare: async (input, ctx) => {
      refuseInChain(ctx, 'RemoveCalDavAccount');
      const account = await findAccount(ctx.db, ctx.userId, input.accountId);
      if (!account) throw notFound();
      if (account.error === CalDavErrorKey.wrongPassword) return 0;
      try {
        return await unpublishAll(syncDeps, account);
      } catch (error) {
        const key = error instanceof CalDavError ? error.key : 'unexpected';
        deps.log.warn({ accountId: account.account_id, error: key }, 'CalDAV unpublish failed');
        return 0;
      }
    },
    handler: async (input, ctx) => {
      const account = await findAccount(ctx.db, ctx.userId, input.accountId);
      if (!account) throw notFound();
      let removed = 0;
      const prefix = `caldav:${account.account_id}:`;
      for (const origin of await listSyncedOrigins(ctx.db, ctx.userId, prefix)) {
        removed += await removeSyncedOrigin(ctx.db, ctx.userId, origin, ctx.now(), ctx.requestId);
      }
      await deleteAccount(ctx.db, ctx.userId, account.account_id);
      if (removed > 0) {
        ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId, ctx.sessionId));
      }
      return {};
    },
  });
}

type CalendarRow = Awaited<ReturnType<typeof accountCalendars>>[number];
type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;
interface CalendarChoice {
  row: CalendarRow;
  syncEnabled: boolean;
  publish: boolean;
  categoryId: string;
}

/** Each stored calendar with the choices sent for it (or as it was); 400 on a refused mix. */
function chooseCalendars(
  stored: Map<string, CalendarRow>,
  calendars: readonly { id: string; syncEnabled: boolean; publish: boolean; categoryId: string }[],
): CalendarChoice[] {
  const chosen = new Map(calendars.map((c) => [c.id, c]));
  for (const id of chosen.keys()) if (!stored.has(id)) throw notFound('calendar.notFound');
  const after = [...stored.values()].map((row) => {
    const choice = chosen.get(row.calendar_url);
    return choice
      ? {
          row,
          syncEnabled: choice.syncEnabled,
          publish: choice.publish,
          categoryId: choice.syncEnabled ? choice.categoryId : row.category_id,
        }
      : {
          row,
          syncEnabled: row.sync_enabled === 1,
          publish: row.publish === 1,
          categoryId: row.category_id,
        };
  });
  if (after.filter((c) => c.publish).length > 1) {
    throw invalid(CalDavErrorKey.onePublishCalendar);
  }
  if (after.some((c) => c.publish && c.syncEnabled)) {
    throw invalid(CalDavErrorKey.publishIntoBusy);
  }
  return after;
}

/**
 * Writes the changed choices; true when synced events went (the timeline changed). `cause` is
 * the call's request id, named by the re-plan the removal leads to.
 */
async function applyCalendarChoices(
  db: Db,
  userId: string,
  account: AccountRow,
  after: readonly CalendarChoice[],
  now: number,
  cause: string,
): Promise<boolean> {
  let removed = false;
  for (const c of after) {
    if (c.categoryId && c.categoryId !== c.row.category_id) {
      if (!(await getCategory(db, userId, c.categoryId))) {
        throw invalid('invalid.chooseCategory');
      }
    }
    const syncEnabled = c.syncEnabled ? 1 : 0;
    const publish = c.publish ? 1 : 0;
    if (
      syncEnabled === c.row.sync_enabled &&
      publish === c.row.publish &&
      c.categoryId === c.row.category_id
    )
      continue;
    // Read again at the next sync with the new choices.
    await updateCalendar(db, userId, account.account_id, c.row.calendar_url, {
      sync_enabled: syncEnabled,
      publish,
      category_id: c.categoryId,
      synced_version: '',
      synced_at: 0,
    });
    if (!c.syncEnabled || c.publish) {
      const origin = originOf(account.account_id, c.row.calendar_url);
      removed = (await removeSyncedOrigin(db, userId, origin, now, cause)) > 0 || removed;
    }
  }
  return removed;
}
