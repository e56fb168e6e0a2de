import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, HashRouter, Navigate, Route, Routes } from 'react-router';
import { lazyScreen } from '../app-status/lazy-screen';
import { preloadNavForLayout } from '../shell/nav-drawer-part';
import { GuestOnly, RequireSession } from './guards';
import { PageFallback } from './PageFallback';

// Each screen is its own chunk, so the first paint loads only the shell and the screen shown.
// A chunk that fails or takes over 120 s is reported and the screen says so (lazyScreen).
const LoginPage = lazyScreen('LoginPage', () => import('../login/LoginPage'));
// The desktop docks the navigation, a chunk of its own: loaded beside the shell, it paints with it.
const AppShell = lazyScreen('AppShell', () =>
  Promise.all([import('../shell/AppShell'), preloadNavForLayout()]).then(([shell]) => shell),
);
const SubPageLayout = lazyScreen('SubPageLayout', () => import('../shell/SubPageLayout'));
const AgendaPage = lazyScreen('AgendaPage', () => import('../agenda/AgendaPage'));
const AccountPage = lazyScreen('AccountPage', () => import('../account/AccountPage'));
const AboutPage = lazyScreen('AboutPage', () => import('../about/AboutPage'));
const HelpPage = lazyScreen('HelpPage', () => import('../help/HelpPage'));
const HelpArticlePage = lazyScreen('HelpArticlePage', () => import('../help/HelpArticlePage'));
const FeedbackPage = lazyScreen('FeedbackPage', () => import('../feedback/FeedbackPage'));
const VerifyEmailPage = lazyScreen('VerifyEmailPage', () => import('../account/VerifyEmailPage'));
const UndoEmailChangePage = lazyScreen(
  'UndoEmailChangePage',
  () => import('../account/UndoEmailChangePage'),
);
const TasksPage = lazyScreen('TasksPage', () => import('../tasks/TasksPage'));
const AnalysisListPage = lazyScreen(
  'AnalysisListPage',
  () => import('../analysis/AnalysisListPage'),
);
const CustomAnalysisPage = lazyScreen(
  'CustomAnalysisPage',
  () => import('../analysis/CustomAnalysisPage'),
);
const AnalysisDetailPage = lazyScreen(
  'AnalysisDetailPage',
  () => import('../analysis/AnalysisDetailPage'),
);
const SharedStatisticsPage = lazyScreen(
  'SharedStatisticsPage',
  () => import('../share/SharedStatisticsPage'),
);
const PremiumPage = lazyScreen('PremiumPage', () => import('../premium/PremiumPage'));
const ReferralPage = lazyScreen('ReferralPage', () => import('../referral/ReferralPage'));
const SettingsPage = lazyScreen('SettingsPage', () => import('../settings/SettingsPage'));
const TaskEditorPage = lazyScreen('TaskEditorPage', () => import('../task-editor/TaskEditorPage'));
const EventEditorPage = lazyScreen(
  'EventEditorPage',
  () => import('../event-editor/EventEditorPage'),
);
const ReminderEditorPage = lazyScreen(
  'ReminderEditorPage',
  () => import('../reminder-editor/ReminderEditorPage'),
);

const page = (element: ReactNode) => <Suspense fallback={<PageFallback />}>{element}</Suspense>;

/**
 * Spec 2's routes that have screens so far; anything else goes to /agenda. Declarative routes
 * (no data router) keep React Router's share of the first load small (docs/design.md, Performance budgets).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<GuestOnly />}>
        <Route path="/login" element={page(<LoginPage />)} />
      </Route>
      <Route element={<RequireSession />}>
        <Route element={page(<AppShell />)}>
          <Route path="/agenda/:view?/:currentDate?" element={page(<AgendaPage />)} />
          <Route path="/tasks" element={page(<TasksPage />)} />
          <Route path="/settings" element={page(<SettingsPage />)} />
          <Route path="/help" element={page(<HelpPage />)} />
          <Route path="/help/:name" element={page(<HelpArticlePage />)} />
          <Route path="/analysis/custom" element={page(<CustomAnalysisPage />)} />
          <Route path="/analysis/:view?" element={page(<AnalysisListPage />)} />
          <Route
            path="/analysis/:frequency/:startBase32/:endBase32"
            element={page(<AnalysisDetailPage />)}
          />
          <Route path="/referral" element={page(<ReferralPage />)} />
        </Route>
        {/* Editors hide the app bar and drawer (spec 2): outside the shell. */}
        <Route path="/tasks/create" element={page(<TaskEditorPage />)} />
        <Route path="/task/:encodedTaskId/:edit?" element={page(<TaskEditorPage />)} />
        <Route path="/events/create" element={page(<EventEditorPage />)} />
        <Route
          path="/event/:encodedEventId/:start/:end/:instanceNumber/:isVirtual"
          element={page(<EventEditorPage />)}
        />
        <Route path="/reminders/create" element={page(<ReminderEditorPage />)} />
        <Route path="/reminders/:encodedReminderId/:start" element={page(<ReminderEditorPage />)} />
        <Route element={page(<SubPageLayout />)}>
          <Route path="/account" element={page(<AccountPage />)} />
          <Route path="/about" element={page(<AboutPage />)} />
          <Route path="/feedback" element={page(<FeedbackPage />)} />
          <Route path="/premium/:tier?" element={page(<PremiumPage />)} />
        </Route>
      </Route>
      {/* The e-mailed verification link opens signed in or not. */}
      <Route path="/verify-email" element={page(<VerifyEmailPage />)} />
      {/* So does the undo link mailed to the address an account left. */}
      <Route path="/undo-email-change" element={page(<UndoEmailChangePage />)} />
      {/* A shared analysis is public and read-only: no account needed. */}
      <Route path="/share/:id" element={page(<SharedStatisticsPage />)} />
      <Route path="*" element={<Navigate to="/agenda" replace />} />
    </Routes>
  );
}

/** History mode, or hash mode when the app is opened from a file (spec 2). */
export function AppRouter({ children }: { children: ReactNode }) {
  const Router = window.location.protocol === 'file:' ? HashRouter : BrowserRouter;
  return <Router>{children}</Router>;
}
