/**
 * Input bounds as a method declares them (`defineMethod(m, { bounds: { keyword: text(200) } })`):
 * the transport checks them after decoding and before anything else runs, so an oversized
 * input costs no database time and answers 400 naming the field. The numbers live in core
 * (INPUT_BOUNDS), shared with the web app; docs/input-bounds.md lists them.
 */
import { INPUT_BOUNDS, INSTANT_MAX, INSTANT_MIN } from '@planner/core';
import { invalid } from './errors';

/** A check of one value; `path` is its JSON path, `parent` the message holding it. */
export interface Bound<V> {
  check(value: V, path: string, parent: object): void;
}

/** Bounds of a message's fields, nested messages as objects of their own. */
export type Fields<T> = { readonly [K in keyof T]?: FieldBound<NonNullable<T[K]>> };
type FieldBound<V> = V extends string | number | boolean
  ? Bound<V>
  : V extends readonly (infer E)[]
    ? Bound<readonly E[]>
    : Fields<V> | Bound<V>;

/** Overrides the answer's message with a key the apps translate (`invalid.titleTooLong`). */
interface Keyed {
  key?: string;
}

const isBound = (spec: unknown): spec is Bound<unknown> =>
  typeof spec === 'object' && spec !== null && typeof (spec as Bound<unknown>).check === 'function';

function refuse(path: string, detail: string, key: string | undefined): never {
  throw invalid(key ?? `field "${path}": ${detail}`);
}

/** Checks `value` against `fields`; nested messages absent from the input are skipped. */
export function checkFields<T extends object>(value: T, fields: Fields<T>, path = ''): void {
  for (const [name, spec] of Object.entries(fields) as [string, unknown][]) {
    const field = (value as Record<string, unknown>)[name];
    if (field === undefined || spec === undefined) continue;
    const at = path ? `${path}.${name}` : name;
    if (isBound(spec)) spec.check(field, at, value);
    else checkFields(field as object, spec as Fields<object>, at);
  }
}

/**
 * Refuses U+0000 in any string of the input, however deep: PostgreSQL cannot store it in text
 * (the call failed with a 500 there), and no field of the API has a use for it.
 */
export function refuseNul(value: unknown, path = ''): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) refuse(path, 'contains a NUL character', undefined);
    return;
  }
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => refuseNul(item, `${path}[${i}]`));
    return;
  }
  for (const [name, item] of Object.entries(value)) {
    refuseNul(item, path ? `${path}.${name}` : name);
  }
}

/** A string of at most `max` UTF-16 code units. */
export function text(max: number, options: Keyed = {}): Bound<string> {
  return {
    check(value, path) {
      if (value.length > max) refuse(path, `at most ${max} characters`, options.key);
    },
  };
}

/** A whole number in [min, max]. */
export function int(min: number, max: number, options: Keyed = {}): Bound<number> {
  return {
    check(value, path) {
      if (value < min || value > max) refuse(path, `${min} to ${max}`, options.key);
    },
  };
}

interface InstantOptions extends Keyed {
  /** Values at or below 0 mean "none" here (a deadline of -1, an `until` of 0). */
  noneAtOrBelowZero?: boolean;
  /** Also 0 means "not given" (a default applies), without making negatives valid. */
  zeroMeansUnset?: boolean;
  /** The sibling field this one must not be before, and how far after it it may be. */
  after?: { field: string; maxSpanMs?: number; spanKey?: string };
}

const RANGE_TEXT = 'out of range (1970 to 2100)';

/** An instant (ms) between 1970 and 2100, or a "none" value when the options allow one. */
export function instant(options: InstantOptions = {}): Bound<number> {
  return {
    check(value, path, parent) {
      if (options.noneAtOrBelowZero && value <= 0) return;
      if (options.zeroMeansUnset && value === 0) return;
      if (value < INSTANT_MIN || value > INSTANT_MAX) refuse(path, RANGE_TEXT, options.key);
      const after = options.after;
      if (!after) return;
      const from = (parent as Record<string, unknown>)[after.field];
      if (typeof from !== 'number') return;
      if (value < from) refuse(path, `must not be before ${after.field}`, undefined);
      if (after.maxSpanMs !== undefined && value - from > after.maxSpanMs) {
        const days = after.maxSpanMs / 86_400_000;
        refuse(path, `at most ${days} days after ${after.field}`, after.spanKey);
      }
    },
  };
}

interface ListOptions<E> extends Keyed {
  /** Bounds of each element (an object of fields, or one bound for a list of scalars). */
  each?: NoInfer<FieldBound<E>>;
  /** Elements with start and end: the span from the first start to the last end. */
  maxSpanMs?: number;
}

/** A list of at most `max` elements, each within `each`. */
export function list<E>(max: number, options: ListOptions<E> = {}): Bound<readonly E[]> {
  return {
    check(value, path, parent) {
      if (value.length > max) refuse(path, `at most ${max} items`, options.key);
      const each = options.each as unknown;
      value.forEach((item, i) => {
        const at = `${path}[${i}]`;
        if (isBound(each)) each.check(item, at, parent);
        else if (each) checkFields(item as object, each as Fields<object>, at);
      });
      if (options.maxSpanMs !== undefined) checkSpan(value, path, options.maxSpanMs);
    },
  };
}

function checkSpan(items: readonly unknown[], path: string, maxSpanMs: number): void {
  let first = Infinity;
  let last = -Infinity;
  for (const item of items as readonly { start?: number; end?: number }[]) {
    first = Math.min(first, item.start ?? Infinity);
    last = Math.max(last, item.end ?? -Infinity);
  }
  if (last - first > maxSpanMs) {
    refuse(
      path,
      `the first start and the last end at most ${maxSpanMs / 86_400_000} days apart`,
      undefined,
    );
  }
}

// ---- Shapes several methods share ---------------------------------------------------------

const B = INPUT_BOUNDS;

/** A recurrence rule: a sane interval and count, an `until` in range (0 or less: none). */
export const recurrenceBounds = {
  interval: int(0, B.recurrenceInterval, { key: 'invalid.recurrenceInterval' }),
  count: int(-B.recurrenceCount, B.recurrenceCount, { key: 'invalid.recurrenceCount' }),
  until: instant({ noneAtOrBelowZero: true, key: 'invalid.recurrenceUntil' }),
  byDay: text(B.fieldNames * 3),
  freq: text(B.fieldNames),
} as const;

/** A checklist: at most so many items of so many characters. */
export const checklistBounds = list<{ id: string; content: string }>(B.checklistItems, {
  key: 'invalid.checklistTooLong',
  each: {
    id: text(B.idChars),
    content: text(B.checklistItemChars, { key: 'invalid.checklistItemTooLong' }),
  },
});

/** The update mask's field names. */
export const fieldMaskBounds = list<string>(B.fieldNames, { each: text(B.fieldNames * 2) });

export const idBound = text(B.idChars);
export const titleBound = text(B.titleChars, { key: 'invalid.titleTooLong' });
export const noteBound = text(B.noteChars, { key: 'invalid.noteTooLong' });
export const keywordBound = text(B.keywordChars);
