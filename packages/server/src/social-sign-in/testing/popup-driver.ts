import type { OAuthResultMessage } from '../oauth-routes';

/** Cookies by name, one jar per site, as a browser keeps them (paths and expiry ignored). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface PopupRun {
  /** The popup's final page as served. */
  status: number;
  html: string;
  /** What the page posts to the opener (undefined: it posts nothing). */
  message: OAuthResultMessage | undefined;
  /** The callback address the provider sent the popup to (on the server's public URL). */
  callbackUrl: string;
  /** A shell's flow: the app link the page sends the system browser to. */
  appUrl: string | undefined;
}

export interface DriveOptions {
  /** The test server's address (the popup is opened there). */
  serverUrl: string;
  /** Where the provider sends the popup back: the server's PUBLIC_URL, mapped to serverUrl. */
  publicUrl: string;
  provider: 'google' | 'facebook';
  /** The web app's state for this flow. */
  state: string;
  /** Typed on the provider's login page. */
  login: string;
  /** 'cancel' presses the provider's cancel (Facebook's dialog). */
  choice?: 'continue' | 'cancel';
  /** The browser's cookies on our server (a fresh jar is another browser). */
  jar?: CookieJar;
  /** Stops before the callback is opened, answering its address (to replay or move it). */
  stopAtCallback?: boolean;
  /** A shell app's flow: its PKCE challenge (the flow then ends at the app's link). */
  appChallenge?: string;
}

const FORM = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i;
const INPUT = /<input([^>]*)>/gi;
const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Does with fetch what a person does in the popup: opens /start, goes through the provider's
 * login and consent pages (submitting their forms), and opens the callback it is sent to.
 */
export async function drivePopup(options: DriveOptions): Promise<PopupRun> {
  const jar = options.jar ?? new CookieJar();
  const providerJar = new CookieJar();
  const query = new URLSearchParams({ state: options.state });
  if (options.appChallenge) query.set('app_challenge', options.appChallenge);
  const start = await fetch(`${options.serverUrl}/api/oauth/${options.provider}/start?${query}`, {
    redirect: 'manual',
    headers: { cookie: jar.header() },
  });
  jar.store(start);
  let location = start.headers.get('location');
  if (!location) return finalPage(start, '');
  let next: Response | undefined;
  for (let step = 0; step < 20; step++) {
    if (location.startsWith(options.publicUrl)) {
      const callbackUrl = location.split('#')[0] ?? location;
      if (options.stopAtCallback)
        return { status: 0, html: '', message: undefined, callbackUrl, appUrl: undefined };
      return openCallback(options.serverUrl, options.publicUrl, callbackUrl, jar);
    }
    next = await fetch(location, { redirect: 'manual', headers: { cookie: providerJar.header() } });
    providerJar.store(next);
    const redirect = next.headers.get('location');
    if (redirect) {
      location = new URL(redirect, location).href;
      continue;
    }
    const html = await next.text();
    const form = FORM.exec(html);
    if (!form) throw new Error(`the provider showed no form at ${location}: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const [, tag = ''] of (form[2] ?? '').matchAll(INPUT)) {
      const name = attribute(tag, 'name');
      if (name) fields.set(name, attribute(tag, 'value') ?? '');
    }
    if (fields.has('login')) fields.set('login', options.login);
    if (fields.has('password')) fields.set('password', 'any password');
    fields.set('choice', options.choice ?? 'continue');
    const posted = await fetch(new URL(form[1] ?? '', location), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: providerJar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: fields.toString(),
    });
    providerJar.store(posted);
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider's form answered ${posted.status}`);
    location = new URL(after, location).href;
  }
  throw new Error('the provider redirected too often');
}

/** Opens the callback as the popup would (the public address mapped to the test server). */
export async function openCallback(
  serverUrl: string,
  publicUrl: string,
  callbackUrl: string,
  jar: CookieJar,
): Promise<PopupRun> {
  const response = await fetch(callbackUrl.replace(publicUrl, serverUrl), {
    redirect: 'manual',
    headers: { cookie: jar.header() },
  });
  jar.store(response);
  return finalPage(response, callbackUrl);
}

async function finalPage(response: Response, callbackUrl: string): Promise<PopupRun> {
  const html = await response.text();
  const data = /<script id="oauth-result" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  const parsed = data?.[1]
    ? (JSON.parse(data[1]) as { message?: OAuthResultMessage; appUrl?: string })
    : {};
  return {
    status: response.status,
    html,
    message: parsed.message,
    callbackUrl,
    appUrl: parsed.appUrl,
  };
}
