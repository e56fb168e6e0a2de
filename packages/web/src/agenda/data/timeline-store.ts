import { DAY_MS } from '@planner/core';
import { readJson, writeJson } from '../../storage/local-storage';
import type { TimeRange, WireContainer, WireReminder, WireTimelineState } from '../types';
import { fetchTimeline } from './timed-call';
import { mergeRanges, missingRanges, overlaps, splitRange } from './timeline-ranges';

/** One GetTimeline answer for a range; `stale` when restored from the local cache. */
export interface Chunk extends TimeRange {
  containers: WireContainer[];
  reminders: WireReminder[];
  stale?: boolean;
  /** timelineUpdatedAt of the answer, to notice answers overtaken by a change. */
  updatedAt?: number;
}

export interface TimelineSnapshot {
  chunks: readonly Chunk[];
  state: WireTimelineState | null;
  /** A load of this store is running (first paint or reload). */
  isLoading: boolean;
  /** The last load failed; the screen offers to retry. */
  hasFailed: boolean;
}

type Fetch = typeof fetchTimeline;

const MAX_REQUEST_MS = 92 * DAY_MS;
/** Chunks further than this from what is on screen are dropped before a reload. */
const KEEP_AROUND_MS = 21 * DAY_MS;
const CACHE_KEY = 'agenda.timeline';
const SAVE_DELAY_MS = 1000;

function isSnapshot(value: unknown): value is Pick<TimelineSnapshot, 'chunks' | 'state'> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'chunks' in value &&
    Array.isArray(value.chunks) &&
    'state' in value
  );
}

/**
 * The agenda's timeline: the ranges loaded so far and the latest timeline state. A range already
 * loaded is not asked again; a newer timelineUpdatedAt reloads what is loaded (spec 4).
 */
export class TimelineStore {
  private snapshot: TimelineSnapshot = { chunks: [], state: null, isLoading: false, hasFailed: false };
  private readonly listeners = new Set<() => void>();
  private inFlight: TimeRange[] = [];
  private focus: TimeRange | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly fetch: Fetch = fetchTimeline,
    private readonly persist = true,
  ) {}

  getSnapshot = (): TimelineSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Paints the last session's timeline at once; live answers replace it (spec 4). */
  restore(): void {
    const saved = readJson(CACHE_KEY, isSnapshot);
    if (!saved || this.snapshot.state) return;
    const chunks = saved.chunks.map((chunk) => ({ ...chunk, stale: true }));
    this.set({ chunks, state: saved.state });
  }

  /** Loads what `range` still lacks; remembers it as the range on screen. */
  async ensureLoaded(range: TimeRange): Promise<void> {
    this.focus = range;
    const loaded = [...this.snapshot.chunks.filter((c) => !c.stale), ...this.inFlight];
    const missing = missingRanges(loaded, range).flatMap((r) => splitRange(r, MAX_REQUEST_MS));
    if (missing.length === 0) return;
    this.inFlight.push(...missing);
    this.set({ isLoading: true });
    try {
      const answers = await Promise.all(missing.map((r) => this.fetch(r)));
      const fresh = missing.map((r, i) => toChunk(r, answers[i] ?? emptyAnswer));
      const newest = answers.map((a) => a.timelineState).reduce(newerState, this.snapshot.state);
      const outdated = this.isOutdated(newest);
      this.set({ chunks: insertChunks(this.snapshot.chunks, fresh), state: newest, hasFailed: false });
      if (outdated) void this.reload();
    } catch {
      this.set({ hasFailed: true });
    } finally {
      this.inFlight = this.inFlight.filter((r) => !missing.includes(r));
      this.set({ isLoading: this.inFlight.length > 0 || this.reloading !== null });
    }
  }

  /** Loads every range on screen again (after a change here or on another device). */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = this.runReload().finally(() => {
      this.reloading = null;
      this.set({ isLoading: this.inFlight.length > 0 });
      if (this.reloadAgain) {
        this.reloadAgain = false;
        void this.reload();
      }
    });
    return this.reloading;
  }

  /** A timeline state from a control or a poll: reloads when the plan or reminders changed. */
  applyState(state: WireTimelineState): void {
    const current = this.snapshot.state;
    const changed =
      !current ||
      state.timelineUpdatedAt > current.timelineUpdatedAt ||
      state.reminderUpdatedAt > current.reminderUpdatedAt;
    this.set({ state: newerState(current, state) });
    if (changed && this.snapshot.chunks.length > 0) void this.reload();
  }

  /** Forgets everything (sign-out). */
  clear(): void {
    this.focus = null;
    this.set({ chunks: [], state: null, isLoading: false, hasFailed: false });
  }

  private isOutdated(latest: WireTimelineState | null): boolean {
    if (!latest) return false;
    return this.snapshot.chunks.some(
      (c) => !c.stale && c.updatedAt !== undefined && c.updatedAt < latest.timelineUpdatedAt,
    );
  }

  private async runReload(): Promise<void> {
    const focus = this.focus;
    const keep = (c: TimeRange) =>
      !focus ||
      overlaps(c, { start: focus.start - KEEP_AROUND_MS, end: focus.end + KEEP_AROUND_MS });
    const ranges = mergeRanges([
      ...this.snapshot.chunks.filter(keep),
      ...(focus ? [focus] : []),
    ]).flatMap((r) => splitRange(r, MAX_REQUEST_MS));
    if (ranges.length === 0) return;
    this.set({ isLoading: true });
    try {
      const answers = await Promise.all(ranges.map((r) => this.fetch(r, { showLoading: false })));
      const chunks = ranges.map((range, i) => toChunk(range, answers[i] ?? emptyAnswer));
      const state = answers.map((a) => a.timelineState).reduce(newerState, null);
      this.set({ chunks, state: newerState(this.snapshot.state, state), hasFailed: false });
    } catch {
      this.set({ hasFailed: true });
    }
  }

  private set(patch: Partial<TimelineSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
    if (this.persist && (patch.chunks || patch.state)) this.scheduleSave();
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      const focus = this.focus;
      const chunks = this.snapshot.chunks.filter(
        (c) => !c.stale && (!focus || overlaps(c, focus)),
      );
      writeJson(CACHE_KEY, { chunks, state: this.snapshot.state });
    }, SAVE_DELAY_MS);
  }
}

type TimelineAnswer = Awaited<ReturnType<Fetch>>;
const emptyAnswer: Pick<TimelineAnswer, 'blockContainers' | 'reminders' | 'timelineState'> = {
  blockContainers: [],
  reminders: [],
  timelineState: undefined,
};

function toChunk(
  range: TimeRange,
  answer: Pick<TimelineAnswer, 'blockContainers' | 'reminders' | 'timelineState'>,
): Chunk {
  return {
    ...range,
    containers: answer.blockContainers,
    reminders: answer.reminders,
    ...(answer.timelineState ? { updatedAt: answer.timelineState.timelineUpdatedAt } : {}),
  };
}

/** Fresh chunks replace the stale (restored) ones they overlap. */
function insertChunks(chunks: readonly Chunk[], fresh: Chunk[]): Chunk[] {
  const kept = chunks.filter((c) => !(c.stale && fresh.some((f) => overlaps(c, f))));
  return [...kept, ...fresh].sort((a, b) => a.start - b.start);
}

function newerState(
  a: WireTimelineState | null | undefined,
  b: WireTimelineState | null | undefined,
): WireTimelineState | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.serverTime >= a.serverTime ? b : a;
}

/** Every container of the loaded ranges overlapping `range`, each block once. */
export function containersIn(chunks: readonly Chunk[], range: TimeRange): WireContainer[] {
  const byId = new Map<string, WireContainer>();
  for (const chunk of chunks) {
    if (!overlaps(chunk, range)) continue;
    for (const container of chunk.containers) {
      const id = container.timeblock?.id;
      if (id !== undefined) byId.set(id, container);
    }
  }
  return [...byId.values()];
}

export function remindersIn(chunks: readonly Chunk[], range: TimeRange): WireReminder[] {
  const byId = new Map<string, WireReminder>();
  for (const chunk of chunks) {
    if (!overlaps(chunk, range)) continue;
    for (const reminder of chunk.reminders) {
      if (reminder.start >= range.start && reminder.start < range.end) {
        byId.set(reminder.instanceId || `${reminder.id}:${reminder.start}`, reminder);
      }
    }
  }
  return [...byId.values()].sort((a, b) => a.start - b.start);
}

export function loadedRanges(chunks: readonly Chunk[]): TimeRange[] {
  return mergeRanges(chunks.filter((c) => !c.stale));
}

/** The app's one timeline store. */
export const timelineStore = new TimelineStore();
