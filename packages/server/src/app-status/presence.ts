import type { Db } from '../rpc/context';
import { listPresence, savePresence, type Presence } from './app-status-repository';

/**
 * How long a shown app counts as shown without a sign of life. The web app says it is shown when
 * it starts, whenever it becomes visible and every 2 minutes while it stays visible, so only an
 * app that went away without a word (a crash, a lost connection) runs into this.
 */
export const SHOWN_SILENCE_MS = 5 * 60_000;

export interface ActiveStatus {
  /** Whether one of the sessions counted shows the app now. */
  active: boolean;
  /** When one last did (ms); `now` while one does, 0 when none ever said so. */
  lastActiveTime: number;
}

/** The status over the given sessions' presence, leaving out `exceptSessionId`. */
function activeStatusOf(
  presences: readonly Presence[],
  now: number,
  exceptSessionId?: string,
): ActiveStatus {
  let active = false;
  let lastActiveTime = 0;
  for (const presence of presences) {
    if (presence.sessionId === exceptSessionId) continue;
    if (presence.isShown && now - presence.changedAt <= SHOWN_SILENCE_MS) {
      active = true;
      lastActiveTime = now;
    } else {
      // Hidden: it was shown until it said so. Silent: it was shown at its last sign of life.
      lastActiveTime = Math.max(lastActiveTime, presence.changedAt);
    }
  }
  return { active, lastActiveTime };
}

/** OnAppInactive: the session's app is hidden (or closing) from now on. */
export function markHidden(db: Db, userId: string, sessionId: string, now: number): Promise<void> {
  return savePresence(db, userId, sessionId, false, now);
}

/**
 * GetUserActiveStatus: asking is the app's sign that it is shown (as OnAppInactive is of the
 * opposite), so the asking session is marked shown; the answer is about the user's OTHER
 * sessions, the only thing the asker cannot know by itself.
 */
export async function markShownAndReadOthers(
  db: Db,
  userId: string,
  sessionId: string,
  now: number,
): Promise<ActiveStatus> {
  await savePresence(db, userId, sessionId, true, now);
  return activeStatusOf(await listPresence(db, userId), now, sessionId);
}

/** Whether any of the user's devices shows the app now: what a push message would consult. */
export async function userActiveStatus(db: Db, userId: string, now: number): Promise<ActiveStatus> {
  return activeStatusOf(await listPresence(db, userId), now);
}
