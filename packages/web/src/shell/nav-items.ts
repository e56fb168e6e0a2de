import type SvgIcon from '@mui/material/SvgIcon';
import AutoGraphIcon from '@mui/icons-material/AutoGraphOutlined';
import BugReportIcon from '@mui/icons-material/BugReportOutlined';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistRtlOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
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
  Icon: typeof SvgIcon;
  /**
   * The route. null: the entry opens the debug menu (`opensDebugMenu`), or its screen is not
   * built yet and the entry is hidden until it is (never a disabled "coming soon" entry).
   */
  to: string | null;
  /** Opens the debug menu instead of a route; shown only for a debugEnabled account. */
  opensDebugMenu?: true;
  group: 'plan' | 'account' | 'app';
}

/** The spec's drawer entries, in its order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'agenda', Icon: TodayIcon, to: '/agenda', group: 'plan' },
  { id: 'tasks', Icon: ChecklistIcon, to: '/tasks', group: 'plan' },
  { id: 'analysis', Icon: AutoGraphIcon, to: '/analysis', group: 'plan' },
  { id: 'premium', Icon: WorkspacePremiumIcon, to: '/premium', group: 'account' },
  { id: 'referral', Icon: CardGiftcardIcon, to: '/referral', group: 'account' },
  { id: 'settings', Icon: SettingsIcon, to: '/settings', group: 'app' },
  { id: 'helpAndFeedback', Icon: HelpIcon, to: '/help', group: 'app' },
  { id: 'debug', Icon: BugReportIcon, to: null, opensDebugMenu: true, group: 'app' },
  { id: 'about', Icon: InfoIcon, to: '/about', group: 'app' },
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
