import { isIosShell } from '../bridge/bridge';

export interface NavItem {
  id:
    | 'agenda'
    | 'tasks'
    | 'analysis'
    | 'premium'
    | 'referral'
    | 'settings'
    | 'helpAndFeedback'
    | 'debug'
    | 'about';
  /**
   * The route. null: the entry opens the debug menu (`opensDebugMenu`), or its screen is not
   * built yet and the entry is hidden until it is (never a disabled "coming soon" entry).
   */
  to: string | null;
  /** Opens the debug menu instead of a route; shown only for a debugEnabled account. */
  opensDebugMenu?: true;
  group: 'plan' | 'account' | 'app';
}

/** The spec's drawer entries, in its order; their icons are the drawer's (NavDrawerContent). */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'agenda', to: '/agenda', group: 'plan' },
  { id: 'tasks', to: '/tasks', group: 'plan' },
  { id: 'analysis', to: '/analysis', group: 'plan' },
  { id: 'premium', to: '/premium', group: 'account' },
  { id: 'referral', to: '/referral', group: 'account' },
  { id: 'settings', to: '/settings', group: 'app' },
  { id: 'helpAndFeedback', to: '/help', group: 'app' },
  { id: 'debug', to: null, opensDebugMenu: true, group: 'app' },
  { id: 'about', to: '/about', group: 'app' },
];

/**
 * The entries this person sees: every built screen, and Debug for a debugEnabled account.
 * Referral is not offered inside the iOS shell (spec).
 */
export function visibleNavItems(
  isDebugEnabled: boolean,
  items: readonly NavItem[] = NAV_ITEMS,
  isIos = isIosShell(),
): NavItem[] {
  return items.filter((item) => {
    if (item.id === 'referral' && isIos) return false;
    return item.opensDebugMenu ? isDebugEnabled : item.to !== null;
  });
}
