import { PLANNING_CONSTANTS } from '@planner/core';
import { createStore } from 'zustand/vanilla';
import { readItem, writeItem } from '../storage/local-storage';

const { maxRequestMs, roundToMs } = PLANNING_CONSTANTS.clockOffset;
const STORAGE_KEY = 'agenda.clockOffset';
/**
 * A sample this far from the running offset means the device clock (or the server's, in tests)
 * jumped: averaging two unrelated readings would give a time that is neither, so it is taken as is.
 */
const JUMP_MS = 60_000;

export interface ClockSample {
  /** Device time when the request left. */
  sentAt: number;
  /** Device time when the answer arrived. */
  receivedAt: number;
  serverTime: number;
}

const round = (ms: number): number => Math.round(ms / roundToMs) * roundToMs;

/**
 * Spec 4: samples of requests that took over 5 s are ignored; the offset (server minus device,
 * measured at the middle of the request) is rounded to 100 ms and averaged with the previous one.
 */
export function nextClockOffset(previous: number | null, sample: ClockSample): number | null {
  const took = sample.receivedAt - sample.sentAt;
  if (took < 0 || took > maxRequestMs || !(sample.serverTime > 0)) return previous;
  const measured = round(sample.serverTime - (sample.sentAt + sample.receivedAt) / 2);
  if (previous === null || Math.abs(measured - previous) > JUMP_MS) return measured;
  return round((previous + measured) / 2);
}

function readSaved(): number | null {
  const raw = readItem(STORAGE_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

const offsetStore = createStore<{ offset: number | null }>(() => ({ offset: readSaved() }));

/** The device's best guess of the server's clock. */
export function serverNow(): number {
  return Date.now() + (offsetStore.getState().offset ?? 0);
}

export function getClockOffset(): number {
  return offsetStore.getState().offset ?? 0;
}

export function recordClockSample(sample: ClockSample): void {
  const next = nextClockOffset(offsetStore.getState().offset, sample);
  if (next === offsetStore.getState().offset) return;
  if (next !== null) writeItem(STORAGE_KEY, String(next));
  offsetStore.setState({ offset: next });
}

export function subscribeToClockOffset(listener: () => void): () => void {
  return offsetStore.subscribe(() => listener());
}

/** For tests: forget the offset. */
export function resetClockOffset(): void {
  offsetStore.setState({ offset: null });
}
