import { bumpTimelineUpdatedAt } from '../plan-store/timeline-repository';
import type { OpenPlan, Planner } from '../rpc/context';
import { openTimeline, saveTimeline, settle, type TimelineSession } from './timeline-session';

/** The session behind each plan this planner opened (a plan is only ever opened here). */
const sessions = new WeakMap<OpenPlan, TimelineSession>();

/** The timeline session of a plan the runtime opened through `timelinePlanner`. */
export function sessionOf(plan: OpenPlan): TimelineSession {
  const session = sessions.get(plan);
  if (!session) throw new Error('a plan not opened by the timeline planner');
  return session;
}

/**
 * The planner app.ts hands the runtime: a method that declares `replans` opens the user's
 * timeline through it, changes it (through the domain's planning port), and the runtime
 * settles and saves it in the same transaction.
 */
export const timelinePlanner: Planner = {
  async catchUp(db, userId, now) {
    await saveTimeline(await openTimeline(db, userId, now, { forWrite: true }));
  },
  async open(db, userId, now, cause) {
    const session = await openTimeline(db, userId, now, { forWrite: true, cause });
    let settled = false;
    const plan: OpenPlan = {
      settle: async () => {
        if (settled) return;
        settled = true;
        settle(session);
        await saveTimeline(session, true);
      },
    };
    sessions.set(plan, session);
    return plan;
  },
  touch: (db, userId, now) => bumpTimelineUpdatedAt(db, userId, now),
};
