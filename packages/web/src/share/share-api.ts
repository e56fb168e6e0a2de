import { RpcError } from '@planner/protocol/client';

export const SHARE_NS = 'share';
/** The server's answer when the account has no name (accounts spec: sharing needs one). */
export const NAME_NOT_SET = 'invalid.nameNotSet';

export interface SharePeriod {
  start: number;
  end: number;
}

/** One share per set of periods: the key is the periods themselves. */
export function shareQueryKey(points: readonly SharePeriod[]) {
  return ['statistics-share', points.map((p) => [p.start, p.end])] as const;
}

export function isNameNotSet(error: unknown): boolean {
  return error instanceof RpcError && error.message === NAME_NOT_SET;
}

/** The share intents of the two networks the spec names, for a link. */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function twitterShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}
