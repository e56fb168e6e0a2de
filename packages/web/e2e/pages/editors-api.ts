import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GOOD_PASSWORD, newEmail } from '../support';

/** The session key the web app reads (local storage prefix of version 1.3). */
const TOKEN_KEY = 'planner:1.3:token';

type Json = Record<string, unknown>;

export interface EventInstance {
  id: string;
  title: string;
  start: number;
  end: number;
  instanceNumber: number;
  isVirtual: boolean;
}

/** The event screen's route for an instance (spec 2). */
export function eventRoute(e: EventInstance): string {
  return `/event/${encodeURIComponent(e.id)}/${e.start}/${e.end}/${e.instanceNumber}/${e.isVirtual}`;
}

/**
 * The server's API as a test sees it: JSON calls with the test account's token, to set up data
 * and to check what the screens saved (GetTimeline, GetTasks...).
 */
export class EditorsApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  /** A new free account, signed in on `page` (token in local storage). */
  static async signUp(page: Page, label: string): Promise<EditorsApi> {
    const answer = await page.request.post('/api/CreateUser', {
      data: { email: newEmail(label), password: GOOD_PASSWORD },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { authToken } = (await answer.json()) as { authToken: string };
    await page.addInitScript(
      ([key, token]) => {
        if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, token);
      },
      [TOKEN_KEY, authToken] as const,
    );
    const api = new EditorsApi(page.request, authToken);
    await api.turnRestWindowOff();
    return api;
  }

  /**
   * These specs run on the real time of day, so the account's rest window (on by default, 22:00
   * to 08:00) is turned off: a task made at night is still planned now.
   */
  async turnRestWindowOff(): Promise<void> {
    const { options } = await this.call<{ options: Json }>('GetUserOptions');
    await this.call('UpdateUserOptions', {
      fields: ['autoIdleEnabled'],
      options: { ...options, autoIdleEnabled: false },
    });
  }

  async call<T = Json>(method: string, body: Json = {}): Promise<T> {
    const answer = await this.request.post(`/api/${method}`, {
      data: body,
      headers: { authorization: `Bearer ${this.token}`, timezone: 'Europe/Berlin' },
    });
    expect(answer.ok(), `${method}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  }

  async categories(): Promise<{ id: string; title: string }[]> {
    const answer = await this.call<{ categories?: { id: string; title: string }[] }>(
      'GetCategories',
    );
    return answer.categories ?? [];
  }

  async tasks(
    status = 'all',
  ): Promise<{ id: string; title: string; checklist?: { content: string; done?: boolean }[] }[]> {
    const answer = await this.call<{ tasks?: { id: string; title: string }[] }>('GetTasks', {
      status,
    });
    return answer.tasks ?? [];
  }

  /** Event instances of the timeline in [start, end), earliest first. */
  async eventInstances(start: number, end: number): Promise<EventInstance[]> {
    type Wire = { event?: Record<string, unknown> };
    const answer = await this.call<{ blockContainers?: Wire[] }>('GetTimeline', {
      start,
      end,
      version: 4,
    });
    return (answer.blockContainers ?? [])
      .flatMap((c) => (c.event && c.event['id'] ? [c.event] : []))
      .map((e) => ({
        id: String(e['id']),
        title: String(e['title'] ?? ''),
        start: Number(e['start'] ?? 0),
        end: Number(e['end'] ?? 0),
        instanceNumber: Number(e['instanceNumber'] ?? 0),
        isVirtual: e['isVirtual'] === true,
      }))
      .sort((a, b) => a.start - b.start);
  }

  async reminders(
    start: number,
    end: number,
  ): Promise<{ id: string; title?: string; star?: boolean; start?: string }[]> {
    const answer = await this.call<{ reminders?: { id: string; title?: string }[] }>(
      'GetReminders',
      { start, end },
    );
    return answer.reminders ?? [];
  }
}
