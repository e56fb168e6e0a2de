import type { ComponentType } from 'react';
import { preloadable } from '../components/preloadable';

// Parts the agenda needs only after a click (menus, dialogs, focus mode) or only in one view
// load on demand, so the first paint stays inside the 250 KB budget (docs/design.md, Performance budgets).
function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return preloadable(load).Part;
}

export const BlockMenu = deferred(() => import('./day/BlockMenu').then((m) => m.BlockMenu));
export const QuickAddMenu = deferred(() =>
  import('./day/QuickAddMenu').then((m) => m.QuickAddMenu),
);
export const ReminderMenu = deferred(() =>
  import('./day/ReminderMenu').then((m) => m.ReminderMenu),
);
export const HeaderMenus = deferred(() =>
  import('./header/HeaderMenus').then((m) => m.HeaderMenus),
);
export const SearchResults = deferred(() =>
  import('./header/SearchResults').then((m) => m.SearchResults),
);
export const DialogHost = deferred(() => import('./dialogs/DialogHost').then((m) => m.DialogHost));
export const UnconfirmedTasksDialog = deferred(() =>
  import('./dialogs/UnconfirmedTasksDialog').then((m) => m.UnconfirmedTasksDialog),
);
export const TutorialSlot = deferred(() =>
  import('./tutorials/Tutorials').then((m) => m.TutorialSlot),
);
export const FocusView = deferred(() => import('./controls/FocusView').then((m) => m.FocusView));
export const SpeedDialMenu = deferred(() =>
  import('./controls/SpeedDialMenu').then((m) => m.SpeedDialMenu),
);
export const WeekView = deferred(() => import('./week/WeekView').then((m) => m.WeekView));
export const PlanChangesContent = deferred(() =>
  import('./changes/PlanChangesContent').then((m) => m.PlanChangesContent),
);
