import { DAY_MS } from '@planner/core';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useProfile } from '../../api/profile';
import { wasSentHere } from '../../api/sent-requests';
import { readItem, writeItem } from '../../storage/local-storage';
import type { WirePlanChanges, WirePlanMove, WireTimelineState } from '../types';

// The latest re-plan this device was told about, per person: a device preference, not server
// state. The store only announces a new acknowledgement; storage holds it.
const ackKey = (userId: string) => `agenda.planChangesSeen.${userId}`;
const ackStore = createStore<{ count: number }>(() => ({ count: 0 }));

function readAcknowledgedAt(userId: string): number {
  const stored = Number(readItem(ackKey(userId)));
  return Number.isSafeInteger(stored) ? stored : 0;
}

function acknowledgePlanChanges(userId: string, at: number): void {
  if (at <= readAcknowledgedAt(userId)) return;
  writeItem(ackKey(userId), String(at));
  ackStore.setState((state) => ({ count: state.count + 1 }));
}

/** How long a note about a re-plan may stay: the plan is laid out anew often within a day. */
const PLAN_NOTE_LIFETIME_MS = DAY_MS;

/**
 * The moves that still tell the person something true at `now`: each moved task's new start is
 * still ahead (a passed one has been worked on, or the plan has rolled the task on since, so the
 * line would name a time that is gone), or the task left the plan (`nowStart` 0). None once the
 * re-plan is a day old.
 */
function currentMoves(changes: WirePlanChanges, now: number): WirePlanMove[] {
  if (now - changes.at >= PLAN_NOTE_LIFETIME_MS) return [];
  return changes.moves.filter((move) => move.nowStart === 0 || move.nowStart > now);
}

/**
 * A re-plan worth a note: it moved something, this device has not acknowledged it, and no call
 * of this tab caused it (a change made on this screen is seen where it was made).
 */
function isNoteworthy(
  changes: WirePlanChanges | undefined,
  acknowledgedAt: number,
): changes is WirePlanChanges {
  if (!changes || changes.at <= 0 || changes.moves.length === 0) return false;
  return changes.at > acknowledgedAt && !wasSentHere(changes.causeRequest);
}

export interface PlanChangesNote {
  /** The re-plan, with only its moves that are still current. */
  changes: WirePlanChanges;
  dismiss: () => void;
}

/** The agenda's "what changed" note at `now`, from the timeline state in the query cache. */
export function usePlanChangesNote(
  state: WireTimelineState | null,
  now: number,
): PlanChangesNote | null {
  const userId = useProfile().data?.user?.id ?? '';
  const acknowledgedAt = useStore(ackStore, () => (userId ? readAcknowledgedAt(userId) : 0));
  const changes = state?.planChanges;
  const at = changes?.at ?? 0;
  const dismiss = useCallback(() => acknowledgePlanChanges(userId, at), [userId, at]);
  if (!userId || !isNoteworthy(changes, acknowledgedAt)) return null;
  const moves = currentMoves(changes, now);
  if (moves.length === 0) return null;
  return { changes: { ...changes, moves }, dismiss };
}
