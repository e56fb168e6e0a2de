import { ErrorCode, RpcError } from '@planner/protocol/client';
import { createStore } from 'zustand/vanilla';

export type LimitKind = 'premiumOnly' | 'unlimitedOnly';

/** A limit the server answered: which plan lifts it and the server's message (a key like numCategories). */
export interface LimitHit {
  kind: LimitKind;
  message: string;
  /**
   * What the limit is, for the message's second sentence (limits:messages.<message>Allowed):
   * the screen that hit it knows the plan, this layer does not.
   */
  values?: Record<string, number>;
  /**
   * The control the focus goes back to when the dialog closes. The one focused when the limit
   * was hit may not be it: a Save button disabled while it saved lost the focus to its dialog.
   */
  returnFocus?: () => HTMLElement | null;
}

/** What the screen that hit a limit adds to the server's answer. */
export type LimitContext = Pick<LimitHit, 'values' | 'returnFocus'>;

/** 4201 is lifted by Premium, 4202 only by Unlimited (accounts spec); anything else is no limit. */
export function limitKindOf(error: unknown): LimitKind | null {
  if (!(error instanceof RpcError)) return null;
  if (error.code === ErrorCode.PremiumOnly) return 'premiumOnly';
  if (error.code === ErrorCode.UnlimitedOnly) return 'unlimitedOnly';
  return null;
}

export function limitHitOf(error: unknown): LimitHit | null {
  const kind = limitKindOf(error);
  return kind && error instanceof RpcError ? { kind, message: error.message } : null;
}

/** The premium screen's tab for each limit: /premium/0 (Premium), /premium/1 (Unlimited). */
export const UPGRADE_ROUTES: Readonly<Record<LimitKind, string>> = {
  premiumOnly: '/premium/0',
  unlimitedOnly: '/premium/1',
};

/**
 * The one limit dialog's state, outside React like the toasts, so any failed call can open it
 * (api/query-client.ts). Only UI state: what the server said, never server data.
 */
export function createLimitStore() {
  const store = createStore<{ current: LimitHit | null }>(() => ({ current: null }));
  return {
    show: (hit: LimitHit) => store.setState({ current: hit }),
    close: () => store.setState({ current: null }),
    get: (): LimitHit | null => store.getState().current,
    subscribe: (listener: () => void) => store.subscribe(() => listener()),
  };
}

export const limitStore = createLimitStore();

/** Opens the limit dialog when `error` is a 4201/4202; answers whether it did. */
export function showLimitFor(error: unknown, context: LimitContext = {}): boolean {
  const hit = limitHitOf(error);
  if (hit) limitStore.show({ ...hit, ...context });
  return hit !== null;
}
