import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { TEST_NOW } from '../testing/test-server';
import { HOUR } from '../timeline/planning-test-kit';
import { SECRET, type Target } from './owner-world';

/** What the prober fills in besides the target's id. */
export interface ProbeContext {
  target: Target;
  /** The owner's e-mail (sign-in and reset fields). */
  ownerEmail: string;
  /** A category of the prober's own, so a body fails (or not) on the target, not on it. */
  ownCategoryId: string;
}

type Json = Record<string, unknown>;

const ID_FIELD = /(^id$|Id$|ID$|^task$|^event$|^session$|^timeblock$|^nextTask$)/;
const INT64 = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64]);

function stringFor(name: string, ctx: ProbeContext): string | undefined {
  if (ID_FIELD.test(name)) return ctx.target.id;
  switch (name) {
    case 'email':
      return ctx.ownerEmail;
    case 'password':
      return 'not the owner password 42';
    case 'keyword':
      return SECRET;
    case 'title':
      return 'prober title';
    case 'status':
      return 'all';
    case 'freq':
      return 'DAILY';
    case 'timezone':
      return 'UTC';
    case 'tutorial':
      return 'onboarding';
    default:
      return undefined;
  }
}

function numberFor(name: string, ctx: ProbeContext): number | undefined {
  const start = ctx.target.start ?? TEST_NOW - 2 * HOUR;
  switch (name) {
    case 'start':
    case 'origin':
      return start;
    case 'end':
      return start + HOUR;
    case 'instanceNumber':
      return ctx.target.instanceNumber;
    case 'timeScheduled':
      return HOUR;
    case 'deadline':
      return -1;
    case 'interval':
    case 'apiVersion':
      return 1;
    case 'status':
      return 1;
    case 'version':
      return 4;
    default:
      return undefined;
  }
}

function fieldValue(field: DescField, ctx: ProbeContext, depth: number): unknown {
  const name = field.jsonName;
  switch (field.fieldKind) {
    case 'scalar':
      if (field.scalar === ScalarType.STRING) return stringFor(name, ctx);
      if (field.scalar === ScalarType.BOOL)
        return name === 'isVirtual' ? ctx.target.isVirtual : undefined;
      if (INT64.has(field.scalar) || field.scalar === ScalarType.INT32) return numberFor(name, ctx);
      return undefined;
    case 'message':
      if (field.message.typeName === 'planner.v1.Category') {
        const id = ctx.target.kind === 'category' ? ctx.target.id : ctx.ownCategoryId;
        return { id, title: 'prober category' };
      }
      return depth < 3 ? probeBody(field.message, ctx, depth + 1) : undefined;
    case 'list':
      if (name === 'ids') return [ctx.target.id];
      if (field.listKind === 'message' && depth < 3) {
        return [probeBody(field.message, ctx, depth + 1)];
      }
      return undefined;
    default:
      return undefined;
  }
}

/**
 * A body for `desc` that names the target in every id field and is otherwise plausible (an
 * hour-long span at the target's instant, a title, the prober's own category), so a method that
 * forgot to scope by user would act on the target instead of refusing on some other field.
 */
export function probeBody(desc: DescMessage, ctx: ProbeContext, depth = 0): Json {
  const body: Json = {};
  for (const field of desc.fields) {
    const value = fieldValue(field, ctx, depth);
    if (value !== undefined) body[field.jsonName] = value;
  }
  return body;
}
