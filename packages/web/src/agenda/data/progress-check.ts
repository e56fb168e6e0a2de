import {
  currentGroup,
  currentGroupProgress,
  DAY_MS,
  PLANNING_CONSTANTS,
  synthesizeTimeline,
  type BlockGroup,
  type TimelineBlock,
} from '@planner/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { AgendaItems } from '../model/agenda-block';
import type { WireTimelineState } from '../types';
import { serverNow } from '../../api/server-clock';
import { refreshTimelineState } from '../../api/timeline-state';
import { reloadTimeline } from './timeline-queries';

export interface ProgressInput {
  groups: readonly BlockGroup[];
  now: number;
  state: Pick<WireTimelineState, 'autoExtend' | 'currentBlock'>;
}

export interface Handled {
  /** The group whose completion was already acted on. */
  groupId: string | null;
  /** The item (task or event id) a state refresh was already asked for. */
  itemKey: string | null;
}

export type ProgressAction =
  { kind: 'advance'; groupId: string } | { kind: 'refreshState'; itemKey: string } | null;

const itemKeyOf = (block: TimelineBlock | undefined): string =>
  block?.isRest ? 'rest' : (block?.task ?? block?.event ?? '');

/**
 * Spec 4: when the current group's progress reaches 1 the clock is advanced and the timeline
 * reloads (unless auto-extend is on, which extends the session instead); when the block at now
 * is another item than the state's current block, the state is reloaded. Each once per change.
 */
export function progressAction(input: ProgressInput, handled: Handled): ProgressAction {
  const currentId = input.state.currentBlock?.timeblock || undefined;
  const group = currentGroup(input.groups, input.now, currentId);
  const progress = currentGroupProgress(input.groups, input.now, currentId);
  if (group && progress !== null && progress >= 1 && !input.state.autoExtend) {
    if (handled.groupId !== group.id) return { kind: 'advance', groupId: group.id };
  }
  const atNow = input.groups
    .flatMap((g) => g.blocks)
    .find((b) => b.start <= input.now && input.now < b.end && !b.isTravel);
  const stateBlock = input.state.currentBlock;
  const stateKey = stateBlock?.isRest ? 'rest' : stateBlock?.task || stateBlock?.event || '';
  const itemKey = `${itemKeyOf(atNow)}|${stateKey}`;
  if (itemKeyOf(atNow) !== stateKey && handled.itemKey !== itemKey) {
    return { kind: 'refreshState', itemKey };
  }
  return null;
}

/** The groups around now, for the checks (the whole window is not needed every second). */
function groupsAroundNow(items: AgendaItems, timeZone: string): BlockGroup[] {
  const now = serverNow();
  return synthesizeTimeline({
    blocks: items.blocks,
    events: items.travelSources,
    windowStart: now - DAY_MS,
    windowEnd: now + DAY_MS,
    timeZone,
    now,
  }).groups;
}

/** Progress checks every second, and a state refresh every 20 s as a safety net. */
export function useProgressCheck(
  items: AgendaItems,
  state: WireTimelineState | null,
  timeZone: string,
): void {
  const groups = useMemo(() => groupsAroundNow(items, timeZone), [items, timeZone]);
  const handled = useRef<Handled>({ groupId: null, itemKey: null });
  const client = useQueryClient();
  useEffect(() => {
    if (!state) return undefined;
    const check = () => {
      const now = serverNow();
      const action = progressAction({ groups, now, state }, handled.current);
      if (action?.kind === 'advance') {
        handled.current.groupId = action.groupId;
        void refreshTimelineState(client).then(() => reloadTimeline(client));
      } else if (action?.kind === 'refreshState') {
        handled.current.itemKey = action.itemKey;
        void refreshTimelineState(client);
      }
    };
    const fast = setInterval(check, PLANNING_CONSTANTS.progressCheckMs);
    const slow = setInterval(
      () => void refreshTimelineState(client),
      PLANNING_CONSTANTS.progressSlowCheckMs,
    );
    return () => {
      clearInterval(fast);
      clearInterval(slow);
    };
  }, [client, groups, state]);
}
