import type SvgIcon from '@mui/material/SvgIcon';
import AutoGraphIcon from '@mui/icons-material/AutoGraphOutlined';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistRtlOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';

export interface NavItem {
  id:
    | 'agenda'
    | 'tasks'
    | 'analysis'
    | 'premium'
    | 'referral'
    | 'settings'
    | 'helpAndFeedback'
    | 'about';
  Icon: typeof SvgIcon;
  /** The route, or null while its screen is not built: the entry then shows disabled. */
  to: string | null;
  group: 'plan' | 'account' | 'app';
}

/** The spec's drawer entries, in its order (the debug entry needs debugEnabled: none yet). */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'agenda', Icon: TodayIcon, to: '/agenda', group: 'plan' },
  { id: 'tasks', Icon: ChecklistIcon, to: '/tasks', group: 'plan' },
  { id: 'analysis', Icon: AutoGraphIcon, to: null, group: 'plan' },
  { id: 'premium', Icon: WorkspacePremiumIcon, to: null, group: 'account' },
  { id: 'referral', Icon: CardGiftcardIcon, to: null, group: 'account' },
  { id: 'settings', Icon: SettingsIcon, to: '/settings', group: 'app' },
  { id: 'helpAndFeedback', Icon: HelpIcon, to: null, group: 'app' },
  { id: 'about', Icon: InfoIcon, to: '/about', group: 'app' },
];
