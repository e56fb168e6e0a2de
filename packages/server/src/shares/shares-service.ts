import { randomBytes } from 'node:crypto';
import { HOUR_MS } from '@planner/core';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { invalid, notFound, rateLimited } from '../rpc/errors';
import {
  getTimeStatistics,
  type StatisticsPoint,
  type StatisticsRange,
  type StatisticsViewer,
} from '../statistics/statistics-service';
import { findTasks } from '../tasks/tasks-repository';
import {
  categoryLabels,
  deleteShareOf,
  eventTitles,
  findShare,
  findSharesOf,
  insertShare,
  sharerName,
  sharesMadeSince,
  type ShareRecord,
} from './shares-repository';

type Db = Kysely<Schema>;

/** The spec's key when sharing is asked of an account without a name. */
const NAME_NOT_SET = 'invalid.nameNotSet';
/** Shares one account may make per hour (a share is cheap to read but costs a row to make). */
export const SHARES_PER_HOUR = 30;

/** A name and colour a share carries with it. `id` is the share's own opaque label id. */
interface ShareLabel {
  id: string;
  name: string;
  color: string;
  icon: string;
}

interface ShareLabels {
  categories: ShareLabel[];
  tasks: ShareLabel[];
  events: ShareLabel[];
}

export interface SharedStatistics extends ShareLabels {
  name: string;
  createdAt: number;
  points: StatisticsPoint[];
}

/** 32 random bytes, base64url: 256 bits, safe in a path. */
function newShareId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Replaces the ids in the points' maps with opaque label ids (c1.., t1.., e1.. in order of first
 * appearance), so a public link shows names and time but no id of the sharer's data. The
 * category '' (no category) stays '' and has no label: readers show their own word for it.
 */
function relabel(points: readonly StatisticsPoint[]) {
  const maps = {
    categories: new Map<string, string>(),
    tasks: new Map<string, string>(),
    events: new Map<string, string>(),
  };
  const prefix = { categories: 'c', tasks: 't', events: 'e' } as const;
  const rename = (kind: keyof typeof maps, values: Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const [id, time] of Object.entries(values)) {
      if (kind === 'categories' && id === '') {
        out[''] = time;
        continue;
      }
      let label = maps[kind].get(id);
      if (label === undefined) {
        label = `${prefix[kind]}${maps[kind].size + 1}`;
        maps[kind].set(id, label);
      }
      out[label] = time;
    }
    return out;
  };
  const frozen = points.map((p) => ({
    start: p.start,
    end: p.end,
    sum: p.sum,
    categories: rename('categories', p.categories),
    tasks: rename('tasks', p.tasks),
    events: rename('events', p.events),
  }));
  return { frozen, maps };
}

async function labelsOf(
  db: Db,
  userId: string,
  maps: ReturnType<typeof relabel>['maps'],
): Promise<ShareLabels> {
  const categoryRows = await categoryLabels(db, userId, [...maps.categories.keys()]);
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const tasks = new Map(
    (await findTasks(db, userId, [...maps.tasks.keys()])).map((t) => [t.id, t]),
  );
  const eventRows = await eventTitles(db, userId, [...maps.events.keys()]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  return {
    categories: [...maps.categories].map(([id, label]) => {
      const c = categoryById.get(id);
      return { id: label, name: c?.title ?? '', color: c?.color ?? '', icon: c?.icon ?? '' };
    }),
    // A task's label carries its category's colour and icon, so bars can be tinted as they are
    // in the app; events show neutral.
    tasks: [...maps.tasks].map(([id, label]) => {
      const t = tasks.get(id);
      const c = t ? categoryById.get(t.categoryId) : undefined;
      return { id: label, name: t?.title ?? '', color: c?.color ?? '', icon: c?.icon ?? '' };
    }),
    events: [...maps.events].map(([id, label]) => {
      const e = eventById.get(id);
      return { id: label, name: e?.title ?? '', color: '', icon: '' };
    }),
  };
}

/**
 * Computes the points as GetTimeStatistics would (same guards: a month, year or custom range
 * needs its feature) and stores them, with the labels they show and the sharer's name, as a
 * frozen copy under a new random id.
 */
export async function createShare(
  db: Db,
  userId: string,
  ranges: readonly StatisticsRange[],
  now: number,
  viewer: StatisticsViewer,
): Promise<string> {
  const name = (await sharerName(db, userId)).trim();
  if (name === '') throw invalid(NAME_NOT_SET);
  if (ranges.length === 0) throw invalid('field "points": at least one');
  if ((await sharesMadeSince(db, userId, now - HOUR_MS)) >= SHARES_PER_HOUR) throw rateLimited(60);
  const points = await getTimeStatistics(db, userId, ranges, '', now, viewer);
  const { frozen, maps } = relabel(points);
  const labels = await labelsOf(db, userId, maps);
  const shareId = newShareId();
  await insertShare(db, {
    userId,
    shareId,
    name,
    points: JSON.stringify(frozen),
    labels: JSON.stringify(labels),
    now,
  });
  return shareId;
}

/** The frozen copy behind a link, for anyone who has it (404 for an unknown id). */
export async function readShare(db: Db, shareId: string): Promise<SharedStatistics> {
  const row = await findShare(db, shareId);
  if (!row) throw notFound();
  const labels = JSON.parse(row.labels) as ShareLabels;
  return {
    name: row.name,
    createdAt: row.createdAt,
    points: JSON.parse(row.points) as StatisticsPoint[],
    ...labels,
  };
}

/** The owner's shares, newest first, with the links they answer at. */
export async function listShares(
  db: Db,
  userId: string,
  publicUrl: string,
): Promise<(Omit<ShareRecord, 'shareId'> & { id: string; url: string })[]> {
  return (await findSharesOf(db, userId)).map(({ shareId, ...rest }) => ({
    id: shareId,
    url: `${publicUrl}/share/${shareId}`,
    ...rest,
  }));
}

/**
 * Takes a share back: the row goes, so its link answers not found like one never made. Another
 * account's id, or one already revoked, is not found either (nothing tells ids apart).
 */
export async function revokeShare(db: Db, userId: string, shareId: string): Promise<void> {
  if (!(await deleteShareOf(db, userId, shareId))) throw notFound();
}
