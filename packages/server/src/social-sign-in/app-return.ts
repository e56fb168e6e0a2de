import { createHash } from 'node:crypto';
import { APP_URL_SCHEME } from '@planner/protocol';

/**
 * How a flow the iOS and Android shells run in the system browser comes back to the app
 * (docs/social-and-phone-sign-in.md, "Inside the shells"): the app starts it with a PKCE
 * challenge, the flow's last page sends the browser to `app.planner://{host}?state=…&…`, and
 * what that link carries is worth nothing without the app's verifier. Sign-in and Google
 * Calendar's consent share these pieces.
 */

/** base64url of a SHA-256 (RFC 7636's S256 challenge). */
export const APP_CHALLENGE = /^[\w-]{43}$/;
/** RFC 7636's code verifier: 43 to 128 unreserved characters. */
export const APP_VERIFIER = /^[\w.~-]{43,128}$/;
/** Our one-time codes in app links: base64url of 32 random bytes. */
export const APP_CODE = /^[\w-]{43}$/;

/** RFC 7636's S256: base64url of the verifier's SHA-256. */
export function appChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The app link a flow ends at: `app.planner://{host}?state=…&{params}`. */
export function appLink(host: 'oauth' | 'google-calendar', params: Record<string, string>): string {
  return `${APP_URL_SCHEME}://${host}?${new URLSearchParams(params).toString()}`;
}

/** The shells' "Return to Planner" on a flow's last page: a button a thumb finds on a phone. */
export function returnButton(appUrl: string): string {
  const style =
    'display:inline-block;padding:12px 24px;border-radius:8px;background:#4a57e0;color:#fff;' +
    'font-size:1.1rem;font-weight:600;text-decoration:none';
  return `<p><a href="${escapeHtml(appUrl)}" style="${style}">Return to Planner</a></p>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** String fields of a JSON body the server kept as bytes; '' for anything missing or not JSON. */
export function jsonFields<K extends string>(
  body: unknown,
  names: readonly K[],
): Record<K, string> {
  let parsed: unknown;
  try {
    parsed = Buffer.isBuffer(body) ? JSON.parse(body.toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  const fields = {} as Record<K, string>;
  for (const name of names) {
    const value: unknown = typeof parsed === 'object' && parsed ? Reflect.get(parsed, name) : '';
    fields[name] = typeof value === 'string' ? value : '';
  }
  return fields;
}
