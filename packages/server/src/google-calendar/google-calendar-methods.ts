import { CalendarService, ErrorCode } from '@planner/protocol';
import { SecretBox } from '../calendar-sync/secret-box';
import { publishSyncChange, removeSyncedOrigin } from '../calendar-sync/synced-events';
import { listSyncedOrigins } from '../calendar-sync/synced-events-repository';
import { categoryExists } from '../categories/categories-repository';
import { idBound, list, text, titleBound } from '../rpc/bounds';
import { defineMethod, type MethodDefinition } from '../rpc/define-method';
import { AppError, invalid } from '../rpc/errors';
import type { ServiceDeps } from '../service-deps';
import type { Db } from '../rpc/context';
import { GoogleCalendarApi, type GoogleCalendarListEntry } from './google-calendar-api';
import * as repo from './google-calendar-repository';
import {
  applyGoogleChanges,
  fetchGoogleChanges,
  oauthFor,
  removeUnchosenOrigins,
} from './google-calendar-sync';
import { GrantRefused, callbackUrl } from './google-oauth';

const { method } = CalendarService;

/** At most this many calendars of an account are listed and may be chosen. */
const MAX_CALENDARS = 100;
/** Google's calendar ids are e-mail-like (…@group.calendar.google.com). */
const CALENDAR_ID_CHARS = 1024;

/** Google could not be reached or answered an error: the call may be tried again later. */
const googleUnavailable = () => new AppError(ErrorCode.Conflict, 'calendar.googleUnavailable');

/** What the Google Calendar methods share. */
interface GoogleKit {
  deps: ServiceDeps;
  box: () => SecretBox;
  /** Logs a failure of Google's side by its reason only. */
  failed: (what: string, error: unknown) => void;
}

/** The six Google Calendar sync methods (docs/google-calendar.md). */
export function createGoogleCalendarMethods(deps: ServiceDeps): MethodDefinition[] {
  const box = () => SecretBox.fromConfig(deps.config);
  const failed = (what: string, error: unknown) => {
    // The reason is a status or a class of failure; codes and tokens never reach the log.
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ reason }, `google calendar ${what} failed`);
  };

  const kit: GoogleKit = { deps, box, failed };
  return [
    getGoogleCalendarSyncStatusMethod(kit),
    prepareGoogleCalendarSyncMethod(kit),
    getGoogleCalendarSyncOptionsMethod(kit),
    updateGoogleCalendarSyncOptionsMethod(kit),
    syncGoogleCalendarMethod(kit),
    unbindGoogleCalendarMethod(kit),
  ];
}

function getGoogleCalendarSyncStatusMethod(_kit: GoogleKit): MethodDefinition {
  return defineMethod(method.getGoogleCalendarSyncStatus, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const grant = await repo.getGrant(ctx.db, ctx.userId);
      return {
        status: {
          initialized: grant !== undefined,
          tokenExpired: grant?.token_expired === 1,
          enabled: grant?.sync_enabled === 1,
        },
      };
    },
  });
}

/**
 * Keeps the calendars the Google account lists (the first MAX_CALENDARS whose ids fit): new
 * ones added (only the primary chosen), known ones updated, unlisted ones deleted.
 */
async function storeListedCalendars(
  db: Db,
  userId: string,
  calendars: readonly GoogleCalendarListEntry[],
): Promise<void> {
  const existing = new Map((await repo.listEntries(db, userId)).map((e) => [e.calendar_id, e]));
  const listed = calendars.filter((c) => c.id.length <= CALENDAR_ID_CHARS).slice(0, MAX_CALENDARS);
  const listedIds = new Set(listed.map((c) => c.id));
  for (const [position, calendar] of listed.entries()) {
    const values = {
      title: calendar.summary.slice(0, 500),
      color: calendar.backgroundColor,
      is_primary: calendar.primary ? 1 : 0,
      position,
    };
    if (existing.has(calendar.id)) {
      await repo.updateEntry(db, userId, calendar.id, values);
    } else {
      await repo.insertEntry(db, {
        user_id: userId,
        calendar_id: calendar.id,
        ...values,
        // Only the primary calendar is chosen until the user says otherwise.
        sync_enabled: calendar.primary ? 1 : 0,
        category_id: '',
        sync_token: '',
        full_synced_at: 0,
      });
    }
  }
  // Calendars the (perhaps other) Google account no longer lists go, with their events.
  for (const id of existing.keys()) {
    if (!listedIds.has(id)) await repo.deleteEntry(db, userId, id);
  }
}

function prepareGoogleCalendarSyncMethod({ deps, box, failed }: GoogleKit): MethodDefinition {
  return defineMethod(method.prepareGoogleCalendarSync, {
    auth: 'required',
    bounds: { authorizationCode: text(2048), redirectUri: text(2048) },
    prepare: async (input) => {
      if (input.authorizationCode === '') throw invalid('field "authorizationCode": required');
      if (input.redirectUri !== callbackUrl(deps.config)) {
        throw invalid('field "redirectURI": not this server\'s callback address');
      }
      const oauth = oauthFor(deps.config);
      if (!oauth) throw invalid('calendar.googleNotConfigured');
      let tokens: { refreshToken: string; accessToken: string };
      try {
        tokens = await oauth.exchange(input.authorizationCode);
      } catch (error) {
        if (error instanceof GrantRefused) throw invalid('field "authorizationCode": refused');
        failed('code exchange', error);
        throw googleUnavailable();
      }
      let calendars: GoogleCalendarListEntry[];
      try {
        calendars = await new GoogleCalendarApi(
          deps.config.googleCalendarApiUrl,
          tokens.accessToken,
        ).calendarList();
      } catch (error) {
        failed('calendar list', error);
        throw googleUnavailable();
      }
      return { sealed: box().seal(tokens.refreshToken), calendars };
    },
    handler: async (_input, ctx, prepared) => {
      const now = ctx.now();
      await repo.saveGrant(ctx.db, ctx.userId, prepared.sealed, now);
      await storeListedCalendars(ctx.db, ctx.userId, prepared.calendars);
      if ((await removeUnchosenOrigins(ctx.db, ctx.userId, now, ctx.requestId)) > 0) {
        ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
      }
      return {};
    },
  });
}

function getGoogleCalendarSyncOptionsMethod(_kit: GoogleKit): MethodDefinition {
  return defineMethod(method.getGoogleCalendarSyncOptions, {
    auth: 'required',
    handler: async (_input, ctx) => {
      const grant = await repo.getGrant(ctx.db, ctx.userId);
      const entries = grant ? await repo.listEntries(ctx.db, ctx.userId) : [];
      return {
        options: {
          syncEnabled: grant?.sync_enabled === 1,
          entryOptions: entries.map((e) => ({
            id: e.calendar_id,
            title: e.title,
            syncEnabled: e.sync_enabled === 1,
            categoryId: e.category_id,
            color: e.color,
            publish: false,
          })),
        },
      };
    },
  });
}

function updateGoogleCalendarSyncOptionsMethod({ deps }: GoogleKit): MethodDefinition {
  return defineMethod(method.updateGoogleCalendarSyncOptions, {
    auth: 'required',
    bounds: {
      options: {
        entryOptions: list(MAX_CALENDARS, {
          each: {
            id: text(CALENDAR_ID_CHARS),
            title: titleBound,
            categoryId: idBound,
            color: text(16),
          },
        }),
      },
    },
    handler: async (input, ctx) => {
      const options = input.options;
      if (!options) throw invalid('field "options": required');
      const now = ctx.now();
      const grant = await repo.getGrant(ctx.db, ctx.userId);
      if (!grant) throw invalid('calendar.googleNotConnected');
      const entries = new Map(
        (await repo.listEntries(ctx.db, ctx.userId)).map((e) => [e.calendar_id, e]),
      );
      for (const option of options.entryOptions) {
        const entry = entries.get(option.id);
        if (!entry) throw invalid(`field "options.entryOptions": unknown calendar`);
        if (
          option.categoryId !== '' &&
          !(await categoryExists(ctx.db, ctx.userId, option.categoryId))
        ) {
          throw invalid('invalid.chooseCategory');
        }
        const enabled = option.syncEnabled ? 1 : 0;
        if (enabled === entry.sync_enabled && option.categoryId === entry.category_id) continue;
        await repo.updateEntry(ctx.db, ctx.userId, option.id, {
          sync_enabled: enabled,
          category_id: option.categoryId,
          // Listed in full on the next sync: a new category reaches every occurrence.
          sync_token: '',
          full_synced_at: 0,
        });
      }
      await repo.updateGrant(ctx.db, ctx.userId, {
        sync_enabled: options.syncEnabled ? 1 : 0,
        updated_at: now,
        // A changed choice is synced by the job at once, not after the interval.
        synced_at: 0,
      });
      if ((await removeUnchosenOrigins(ctx.db, ctx.userId, now, ctx.requestId)) > 0) {
        ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
      }
      return {};
    },
  });
}

function syncGoogleCalendarMethod({ deps, box, failed }: GoogleKit): MethodDefinition {
  return defineMethod(method.syncGoogleCalendar, {
    auth: 'required',
    prepare: async (_input, ctx) => {
      const grant = await repo.getGrant(ctx.db, ctx.userId);
      if (!grant) throw invalid('calendar.googleNotConnected');
      if (grant.token_expired === 1) return undefined;
      const entries = await repo.listEntries(ctx.db, ctx.userId);
      try {
        return await fetchGoogleChanges(deps.config, grant, entries, ctx.now());
      } catch (error) {
        failed('sync', error);
        throw googleUnavailable();
      }
    },
    handler: async (_input, ctx, fetched) => {
      // An expired grant syncs nothing: the status tells the app to ask for a new consent.
      if (!fetched)
        return { added: 0, updated: 0, removed: 0, published: 0, unpublished: 0, syncedAt: 0 };
      const now = ctx.now();
      const { userId, requestId } = ctx;
      const applied = await applyGoogleChanges(ctx.db, userId, fetched, now, box(), requestId);
      if (applied.expiredNow) {
        deps.log.warn(
          { userId: ctx.userId, reason: fetched.kind },
          'google calendar grant refused',
        );
      }
      if (applied.changed) ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
      return {
        added: applied.added,
        updated: applied.updated,
        removed: applied.removed,
        published: 0,
        unpublished: 0,
        syncedAt: fetched.kind === 'ok' ? now : 0,
      };
    },
  });
}

function unbindGoogleCalendarMethod({ deps, box, failed }: GoogleKit): MethodDefinition {
  return defineMethod(method.unbindGoogleCalendar, {
    auth: 'required',
    prepare: async (_input, ctx) => {
      const grant = await repo.getGrant(ctx.db, ctx.userId);
      const oauth = oauthFor(deps.config);
      if (!grant || !oauth) return;
      try {
        await oauth.revoke(box().open(grant.refresh_token_sealed));
      } catch (error) {
        // Best effort: the grant is forgotten here whatever Google answered.
        failed('revoke', error);
      }
    },
    handler: async (_input, ctx) => {
      const now = ctx.now();
      let removed = 0;
      for (const origin of await listSyncedOrigins(ctx.db, ctx.userId, 'google:')) {
        removed += await removeSyncedOrigin(ctx.db, ctx.userId, origin, now, ctx.requestId);
      }
      await repo.deleteGrant(ctx.db, ctx.userId);
      if (removed > 0) ctx.afterCommit(() => publishSyncChange(deps.realtime, ctx.userId));
      return {};
    },
  });
}
