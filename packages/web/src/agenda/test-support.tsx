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
import { initTestI18n, renderWithProviders } from '../test/render';
import type { WireTask } from './types';

/** English agenda strings on top of the app's, so tests read the real texts. */
export function renderAgenda(ui: ReactElement, route = '/agenda') {
  initTestI18n();
  if (!i18next.hasResourceBundle('en', 'agenda')) i18next.addResourceBundle('en', 'agenda', agenda);
  return renderWithProviders(ui, { route });
}

type Answers = Partial<Record<MethodName, (input: unknown) => object>>;

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
    const encoded = encodeMessage(desc.output, answer(input), 'binary');
    return new Response(new Uint8Array(encoded), {
      status: 200,
      headers: { 'content-type': 'application/x-protobuf' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A task as the server answers it, with the fields a test cares about. */
export function buildTask(fields: Partial<WireTask> & { id: string }): WireTask {
  return {
    title: 'Untitled task',
    category: undefined,
    timeScheduled: 3_600_000,
    timeFulfilled: 0,
    deadline: -1,
    isCompleted: false,
    note: '',
    hasNote: false,
    checklist: [],
    lastTimeblockEnd: -1,
    updatedAt: 0,
    recurrenceRule: undefined,
    recurringTaskId: '',
    instanceNumber: 0,
    expectedStart: -1,
    createdAt: 0,
    isUnconfirmed: false,
    ...fields,
  };
}
