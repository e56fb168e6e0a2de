import {
  decodeMessage,
  encodeMessage,
  findMethod,
  isMethodName,
  type MethodName,
} from '@planner/protocol';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import agenda from '../i18n/agenda/en.json';
import planChanges from '../i18n/plan-changes/en.json';
import { initTestI18n, renderWithProviders } from '../test/render';
import type { DayBlock } from './model/day-model';
import type { WireEventInstance } from './types';
import type { AgendaEnv } from './use-agenda-env';

/** English agenda strings (and the plan-change notes') on top of the app's, so tests read the real texts. */
export function renderAgenda(ui: ReactElement, route = '/agenda') {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'agenda')) i18next.addResourceBundle('en', 'agenda', agenda);
  if (!i18next.hasResourceBundle('en', 'plan-changes'))
    i18next.addResourceBundle('en', 'plan-changes', planChanges);
  return renderWithProviders(ui, { route });
}

/** An answer per method; it may read the call's headers (its request-id, say). */
type Answers = Partial<
  Record<MethodName, (input: unknown, headers: Readonly<Record<string, string>>) => object>
>;

/** The server at the HTTP edge: each method answers a real protobuf body; calls are recorded. */
export function stubServer(answers: Answers) {
  const calls: { method: string; input: unknown }[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = String(url).replace(/^.*\//u, '');
    const desc = findMethod(method);
    if (!desc) throw new Error(`unknown method ${method}`);
    const body = init?.body instanceof Uint8Array ? init.body : new Uint8Array();
    const input: unknown = decodeMessage(desc.input, body, 'binary');
    calls.push({ method, input });
    const answer = isMethodName(method) ? answers[method] : undefined;
    if (!answer) throw new Error(`no answer for ${method}`);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const encoded = encodeMessage(desc.output, answer(input, headers), 'binary');
    return new Response(new Uint8Array(encoded), {
      status: 200,
      headers: { 'content-type': 'application/x-protobuf' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The person's settings as the agenda reads them: Berlin, 24-hour clock, free plan. */
export function buildEnv(fields: Partial<AgendaEnv> = {}): AgendaEnv {
  return {
    tag: 'en',
    timeZone: 'Europe/Berlin',
    hour12: false,
    premiumLevel: 0,
    referralCount: 0,
    firstDayOfWeek: 'MON',
    tutorialStatus: '',
    isDebug: false,
    ...fields,
  };
}

/** An occurrence of a daily event and its block, as GetTimeline answers them. */
export function buildRecurringEvent(
  start: number,
  durationMs: number,
  fields: Partial<WireEventInstance> = {},
): { block: DayBlock; event: WireEventInstance } {
  const event: WireEventInstance = {
    id: 'e1',
    title: 'Stand-up',
    start,
    end: start + durationMs,
    allDay: false,
    travelTop: 0,
    travelBottom: 0,
    notifications: [],
    recurrenceRule: { freq: 'DAILY', interval: 1, byDay: '', until: 0, count: 0 },
    timezone: 'Europe/Berlin',
    note: '',
    hasNote: false,
    checklist: [],
    source: '',
    rootId: '',
    instanceNumber: 2,
    isVirtual: true,
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  };
  const id = `event:${event.id}:${event.instanceNumber}`;
  const block: DayBlock = {
    id,
    event: event.id,
    start: event.start,
    end: event.end,
    fixed: true,
    isRest: false,
    kind: 'event',
    locking: '',
    eventData: event,
    mergedIds: [id],
  };
  return { block, event };
}

export { buildTask } from '../test/factories';
