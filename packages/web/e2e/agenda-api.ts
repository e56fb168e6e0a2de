import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * The server's API as a test uses it: JSON over HTTP (the protobuf JSON mapping), plus the
 * test-only clock of a server started with PLANNER_TEST_CLOCK=1. Used where the screens that
 * create things (the task and event editors) are not what the test is about.
 */
export const ZONE = 'Europe/Berlin';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

type Json = Record<string, unknown>;

export class AgendaApi {
  constructor(
    readonly baseURL: string,
    public token = '',
  ) {}

  async call<T = Json>(method: string, body: Json = {}): Promise<T> {
    const response = await fetch(`${this.baseURL}/api/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        timezone: ZONE,
        'request-id': randomUUID(),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Opens the page's app signed in as this account (the token where the web app keeps it). */
  async signInPage(page: Page): Promise<void> {
    await page.addInitScript(
      (token) => localStorage.setItem('planner:1.3:token', token),
      this.token,
    );
  }

  async setClock(now: number): Promise<void> {
    await this.call('_test/SetClock', { now });
  }

  async advanceClock(ms: number): Promise<number> {
    const { now } = await this.call<{ now: number }>('_test/AdvanceClock', { ms });
    return now;
  }

  async signUp(email: string, password: string, locale = 'en'): Promise<string> {
    const { authToken } = await this.call<{ authToken: string }>('CreateUser', {
      email,
      password,
      options: { autoExtend: false, locale },
    });
    this.token = authToken;
    return authToken;
  }

  async firstCategoryId(): Promise<string> {
    const { categories } = await this.call<{ categories: { id: string }[] }>('GetCategories');
    const id = categories[0]?.id;
    if (!id) throw new Error('the account has no category');
    return id;
  }

  async createTask(title: string, minutes: number, extra: Json = {}): Promise<string> {
    const category = { id: await this.firstCategoryId() };
    const { task } = await this.call<{ task: { id: string } }>('PutTask', {
      task: { title, category, timeScheduled: minutes * MINUTE, deadline: -1, ...extra },
    });
    return task.id;
  }

  async createEvent(title: string, start: number, end: number, extra: Json = {}): Promise<string> {
    const category = { id: await this.firstCategoryId() };
    const { event } = await this.call<{ event: { id: string } }>('CreateEvent', {
      event: { title, start, end, allDay: false, category, timezone: ZONE, ...extra },
    });
    return event.id;
  }

  async finishTutorials(...names: string[]): Promise<void> {
    for (const tutorial of names) await this.call('FinishTutorial', { tutorial });
  }
}

/** 00:00 of today in Berlin plus hours, as the server and the browser (Europe/Berlin) read it. */
export function todayAt(hours: number, now = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const midnightUtc = Date.parse(`${parts}T00:00:00Z`);
  // Berlin is UTC+1 or +2: find the offset at that midnight.
  const offsetText =
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'shortOffset' })
      .formatToParts(midnightUtc)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const offsetHours = Number(/GMT([+-]\d+)/u.exec(offsetText)?.[1] ?? '1');
  return midnightUtc - offsetHours * HOUR + hours * HOUR;
}
