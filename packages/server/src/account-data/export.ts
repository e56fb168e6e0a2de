import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import {
  instanceAt,
  isRecurring,
  isValidTimeZone,
  parseByDay,
  toWallClock,
  WEEKDAY_TOKENS,
  type RecurrenceRule,
} from '@planner/core';
import { strToU8, zip, type AsyncZippable } from 'fflate';
import ical, { ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import type { ReadOnlyDb } from '../rpc/context';
import type { EventRow } from '../events/tables';
import { eventRows, pastBlocks, readUserRows } from './export-repository';
import { exportedTables, type UserTable } from './user-tables-repository';

type Row = Record<string, unknown>;

/** What the archive holds besides the tables, for the README inside it. */
const README = `Planner: all the data of your account, as stored when this archive was made.

tables/<table>.json   every row of yours in each table of our database, one JSON array per
                      table; instants are milliseconds since 1970-01-01 UTC, booleans 0 or 1,
                      and some columns hold JSON as text (options, checklists, rules).
                      Secrets (password and token hashes) are left out.
events.ics            your events in iCalendar format, with their repetition rules; open it
                      in any calendar application.
files/                the files you uploaded (your picture), as stored.
time-records.csv      your time records: every past block of the timeline with its start and
                      end (ISO 8601, UTC), kind (task, event or rest), title and category.
`;

/** Today's export file name: planner-export-YYYY-MM-DD.zip (UTC date). */
export function exportFilename(now: number): string {
  return `planner-export-${new Date(now).toISOString().slice(0, 10)}.zip`;
}

/**
 * The zip: README.txt, tables/*.json, events.ics and time-records.csv. Reads only; compressed
 * in fflate's worker threads, so the server keeps answering others meanwhile.
 */
export async function buildExport(
  db: ReadOnlyDb,
  tables: readonly UserTable[],
  userId: string,
  now: number,
  filesDir: string,
): Promise<Uint8Array> {
  const rows = await readUserRows(db, exportedTables(tables), userId);
  const files: AsyncZippable = { 'README.txt': strToU8(README) };
  for (const [name, bytes] of [...(await storedFiles(filesDir)), ...keptFiles(rows)]) {
    // Already compressed images: stored as they are.
    files[`files/${name}`] = [bytes, { level: 0 }];
  }
  for (const [name, tableRows] of rows) {
    files[`tables/${name}.json`] = strToU8(jsonLines(tableRows));
  }
  const categories = new Map(
    (rows.get('categories') ?? []).map((c) => [String(c.id), String(c.title)]),
  );
  files['events.ics'] = strToU8(eventsCalendar(await eventRows(db, userId), categories));
  files['time-records.csv'] = strToU8(await timeRecords(db, userId, now, categories));
  return new Promise((resolve, reject) => {
    zip(files, { level: 6, mtime: new Date(now) }, (error, data) =>
      error ? reject(error) : resolve(data),
    );
  });
}

/** A JSON array with one row per line: compact, yet readable and diffable. */
function jsonLines(rows: readonly Row[]): string {
  return rows.length === 0 ? '[]\n' : `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

/**
 * Uploaded files whose bytes are kept in the database (PostgreSQL, files/file-store.ts), named
 * as on disk; their table's JSON lists them without the bytes (the files are the bytes).
 */
function keptFiles(rows: Map<string, Row[]>): [string, Uint8Array][] {
  const kept = rows.get('file_bytes') ?? [];
  rows.set(
    'file_bytes',
    kept.map(({ bytes: _bytes, ...rest }) => rest),
  );
  const types = new Map((rows.get('files') ?? []).map((f) => [f.file_id, f.content_type]));
  return kept.map((row) => {
    const extension = types.get(row.file_id) === 'image/webp' ? 'webp' : 'bin';
    return [`${String(row.file_id)}.${extension}`, row.bytes as Uint8Array];
  });
}

/** The user's uploaded files (the avatar), by file name; none when the folder does not exist. */
async function storedFiles(dir: string): Promise<[string, Uint8Array][]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: [string, Uint8Array][] = [];
  for (const name of names.sort()) {
    // A half-written upload (the file store's temporary name) is not a file yet.
    if (name.endsWith('.tmp')) continue;
    out.push([name, await readFile(join(dir, name))]);
  }
  return out;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

const FREQ: Record<Exclude<RecurrenceRule['freq'], 'none'>, ICalEventRepeatingFreq> = {
  DAILY: ICalEventRepeatingFreq.DAILY,
  WEEKLY: ICalEventRepeatingFreq.WEEKLY,
  MONTHLY: ICalEventRepeatingFreq.MONTHLY,
  YEARLY: ICalEventRepeatingFreq.YEARLY,
};

const WEEKDAYS: Record<(typeof WEEKDAY_TOKENS)[number], ICalWeekday> = {
  MO: ICalWeekday.MO,
  TU: ICalWeekday.TU,
  WE: ICalWeekday.WE,
  TH: ICalWeekday.TH,
  FR: ICalWeekday.FR,
  SA: ICalWeekday.SA,
  SU: ICalWeekday.SU,
};

/**
 * The user's events as iCalendar. Timed events carry their zone (TZID), so a repetition keeps
 * its wall-clock time across daylight-saving changes as it does in the app; all-day events are
 * dates. An instance changed on its own is its own VEVENT, and the series leaves it out (EXDATE),
 * as it does every deleted instance.
 */
function eventsCalendar(events: readonly EventRow[], categories: Map<string, string>) {
  const calendar = ical({ name: 'Planner', prodId: '//Planner//Data export//EN' });
  for (const row of events) {
    const zone = isValidTimeZone(row.timezone) ? row.timezone : 'UTC';
    const allDay = row.all_day === 1;
    // All-day events are dates: written as UTC midnights of the wall-clock dates in the zone.
    const at = (ms: number): Date =>
      allDay ? new TZDate(wallDateUtc(ms, zone), 'UTC') : new TZDate(ms, zone);
    const rule = parseJson<RecurrenceRule | null>(row.recurrence_rule, null);
    const category = categories.get(row.category_id);
    const event = calendar.createEvent({
      id: `${row.id}@planner`,
      start: at(row.start_ms),
      end: at(row.end_ms),
      allDay,
      ...(allDay ? {} : { timezone: zone }),
      summary: row.title,
      description: row.note || null,
      stamp: new Date(row.updated_at),
      created: new Date(row.created_at),
      lastModified: new Date(row.updated_at),
      categories: category ? [{ name: category }] : [],
    });
    if (rule && isRecurring(rule)) {
      const exceptions = parseJson<number[]>(row.exceptions, []);
      const series = {
        start: row.start_ms,
        end: row.end_ms,
        rule,
        timeZone: zone,
        allDay,
        exceptions: [],
      };
      const exclude = exceptions.flatMap((n) => {
        const instance = instanceAt(series, n);
        return instance ? [at(instance.start)] : [];
      });
      const byDay = parseByDay(rule.byDay).map((i) => WEEKDAYS[WEEKDAY_TOKENS[i] ?? 'MO']);
      event.repeating({
        freq: FREQ[rule.freq as keyof typeof FREQ],
        interval: rule.interval,
        ...(rule.freq === 'WEEKLY' && byDay.length > 0 ? { byDay } : {}),
        ...(rule.count > 0 ? { count: rule.count } : {}),
        ...(rule.until > 0 ? { until: new Date(rule.until) } : {}),
        ...(exclude.length > 0 ? { exclude } : {}),
      });
    }
  }
  return calendar.toString();
}

/** The instant of UTC midnight on the wall-clock date of `ms` in `zone`. */
function wallDateUtc(ms: number, zone: string): number {
  const wall = toWallClock(ms, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day);
}

const TIME_RECORD_COLUMNS = ['start', 'end', 'kind', 'title', 'category'] as const;

/**
 * The time records: every stored block that began before now (the running one ends now), with
 * the task's or event's title and category, oldest first.
 */
async function timeRecords(
  db: ReadOnlyDb,
  userId: string,
  now: number,
  categories: Map<string, string>,
): Promise<string> {
  const blocks = await pastBlocks(db, userId, now);
  const lines = [TIME_RECORD_COLUMNS.join(',')];
  for (const b of blocks) {
    const kind = b.is_rest ? 'rest' : b.event_id ? 'event' : 'task';
    const title = (b.event_id ? b.event_title : b.task_title) ?? '';
    const categoryId = (b.event_id ? b.event_category : b.task_category) ?? '';
    lines.push(
      [
        new Date(b.start_ms).toISOString(),
        new Date(Math.min(b.end_ms, now)).toISOString(),
        kind,
        title,
        categories.get(categoryId) ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
