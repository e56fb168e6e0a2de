/**
 * A real Radicale CalDAV server for tests: Debian's `radicale` on a free port of 127.0.0.1, with
 * its own temp storage folder and an htpasswd file of the given users (plain text passwords,
 * which Radicale 3 reads without extra Python modules). Usable from vitest and from Playwright
 * specs alike (no test-runner imports).
 *
 *   const radicale = await startRadicale({ users: { alice: 'app-password' } });
 *   await radicale.createCalendar('alice', 'work', { displayName: 'Work', color: '#ff0000' });
 *   await radicale.putEvent('alice', 'work', 'meeting-1', icsText);
 *   ...
 *   await radicale.stop();
 *
 * When `radicale` is missing and the process runs as root, Debian's package is installed (as
 * scripts/ensure-chromium.mjs does for Chromium); otherwise it fails saying how to install it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RadicaleOptions {
  /** user name -> password, written to the htpasswd file. */
  users: Record<string, string>;
  /** The binary; RADICALE_PATH or /usr/bin/radicale unless given. */
  binary?: string;
}

export interface RadicaleServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  port: number;
  /** The calendar's collection URL: {url}{user}/{calendar}/ */
  calendarUrl(user: string, calendar: string): string;
  /** MKCALENDAR with a display name and colour (#rrggbb); VEVENT only. */
  createCalendar(
    user: string,
    calendar: string,
    options?: { displayName?: string; color?: string },
  ): Promise<string>;
  /** PUT an iCalendar object at {calendar}/{name}.ics; answers its new ETag. */
  putEvent(user: string, calendar: string, name: string, ics: string): Promise<string>;
  deleteEvent(user: string, calendar: string, name: string): Promise<void>;
  /** Every object of a calendar: its href and its iCalendar text. */
  listObjects(user: string, calendar: string): Promise<{ href: string; ics: string }[]>;
  /** Stops the server and removes its storage. */
  stop(): Promise<void>;
}

function radicaleBinary(given: string | undefined): string {
  const path = given ?? (process.env.RADICALE_PATH || '/usr/bin/radicale');
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && !given && !process.env.RADICALE_PATH) {
    console.log('Radicale is missing: installing Debian package radicale...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'radicale'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(path)) return path;
  }
  throw new Error(
    `Radicale not found at ${path}: install it (sudo apt-get install radicale) or set RADICALE_PATH.`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`Radicale exited (code ${child.exitCode}) before answering:\n${log()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Radicale did not answer at ${url}:\n${log()}`);
      await sleep(50);
    }
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export async function startRadicale(options: RadicaleOptions): Promise<RadicaleServer> {
  const binary = radicaleBinary(options.binary);
  const dir = mkdtempSync(join(tmpdir(), 'planner-radicale-'));
  const users = join(dir, 'users');
  writeFileSync(
    users,
    Object.entries(options.users)
      .map(([name, password]) => `${name}:${password}\n`)
      .join(''),
  );
  const port = await freePort();
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${users}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilAnswering(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const auth = (user: string) => {
    const password = options.users[user];
    if (password === undefined) throw new Error(`no Radicale user ${user}`);
    return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  };
  const calendarUrl = (user: string, calendar: string) => `${url}${user}/${calendar}/`;
  const request = async (
    user: string,
    target: string,
    init: { method: string; body?: string; headers?: Record<string, string> },
    expect: number[],
  ): Promise<Response> => {
    const response = await fetch(target, {
      method: init.method,
      headers: { authorization: auth(user), ...init.headers },
      body: init.body,
    });
    if (!expect.includes(response.status)) {
      throw new Error(
        `Radicale ${init.method} ${target}: ${response.status} ${await response.text()}`,
      );
    }
    return response;
  };

  return {
    url,
    port,
    calendarUrl,
    async createCalendar(user, calendar, calendarOptions = {}) {
      const target = calendarUrl(user, calendar);
      const props = [
        calendarOptions.displayName
          ? `<D:displayname>${escapeXml(calendarOptions.displayName)}</D:displayname>`
          : '',
        calendarOptions.color
          ? `<I:calendar-color>${escapeXml(calendarOptions.color)}</I:calendar-color>`
          : '',
        '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>',
      ].join('');
      await request(
        user,
        target,
        {
          method: 'MKCALENDAR',
          headers: { 'content-type': 'application/xml; charset=utf-8' },
          body:
            '<?xml version="1.0" encoding="utf-8"?>' +
            '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" ' +
            'xmlns:I="http://apple.com/ns/ical/">' +
            `<D:set><D:prop>${props}</D:prop></D:set></C:mkcalendar>`,
        },
        [201],
      );
      return target;
    },
    async putEvent(user, calendar, name, ics) {
      const response = await request(
        user,
        `${calendarUrl(user, calendar)}${name}.ics`,
        { method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8' }, body: ics },
        [201, 204],
      );
      return response.headers.get('etag') ?? '';
    },
    async deleteEvent(user, calendar, name) {
      await request(
        user,
        `${calendarUrl(user, calendar)}${name}.ics`,
        { method: 'DELETE' },
        [200, 204],
      );
    },
    async listObjects(user, calendar) {
      const response = await request(
        user,
        calendarUrl(user, calendar),
        {
          method: 'REPORT',
          headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
          body:
            '<?xml version="1.0" encoding="utf-8"?>' +
            '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
            '<D:prop><D:getetag/><C:calendar-data/></D:prop>' +
            '<C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>',
        },
        [207],
      );
      const xml = await response.text();
      const objects: { href: string; ics: string }[] = [];
      for (const part of xml.split(/<(?:\w+:)?response>/).slice(1)) {
        const href = /<(?:\w+:)?href>([^<]*)</.exec(part)?.[1] ?? '';
        const data = /<(?:\w+:)?calendar-data[^>]*>([\s\S]*?)</.exec(part)?.[1] ?? '';
        const ics = data
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&#13;/g, '\r')
          .replace(/&amp;/g, '&');
        if (ics) objects.push({ href, ics });
      }
      return objects;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
