import type { Kysely } from 'kysely';

const HOUR_MS = 3_600_000;
const PAGE = 500;

interface Tables {
  users: { user_id: string; options: string };
}

/**
 * Accounts made before the rest window became a default (issue 11) were stored with it off at
 * 00:00 to 00:00, and nobody could have set it: the options had no method to change them. Those
 * get the default, 22:00 to 08:00 on the user's wall clock. Options with a window of their own
 * (on or off) are kept as they are. Fixed values, not the code's current default: a migration
 * means what it meant when it ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<Tables>;
  for (let after = ''; ;) {
    const rows = await users
      .selectFrom('users')
      .select(['user_id', 'options'])
      .where('user_id', '>', after)
      .orderBy('user_id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const options = withDefaultRestWindow(row.options);
      if (options === null) continue;
      await users
        .updateTable('users')
        .set({ options })
        .where('user_id', '=', row.user_id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.user_id;
  }
}

/** The options JSON with the default rest window, or null when it has a window of its own. */
function withDefaultRestWindow(json: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const options = parsed as Record<string, unknown>;
  const neverSet =
    options.autoIdleEnabled !== true && !options.autoIdleStart && !options.autoIdleEnd;
  if (!neverSet) return null;
  return JSON.stringify({
    ...options,
    autoIdleEnabled: true,
    autoIdleStart: 22 * HOUR_MS,
    autoIdleEnd: 8 * HOUR_MS,
  });
}

/** Nothing to undo: after it ran, a default window cannot be told from one the user chose. */
export async function down(): Promise<void> {}
