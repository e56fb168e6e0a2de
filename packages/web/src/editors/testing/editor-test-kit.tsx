import type { MethodName } from '@planner/protocol';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import editors from '../../i18n/editors/en.json';
import taskDialogs from '../../i18n/task-dialogs/en.json';
import { ToastViewport } from '../../components/ToastViewport';
import { initTestI18n, renderWithProviders } from '../../test/render';
import type { PlainCategory } from '../../categories/categories-api';
import type { PlannerPrefs } from '../prefs';
import { call } from './fake-client';

type Answer = (input: unknown) => unknown;
export type Answers = Partial<Record<MethodName, Answer>>;

export const WORK: PlainCategory = {
  id: 'cat-work',
  title: 'Work',
  description: '',
  color: 'Blue-500',
  icon: 'work',
  updatedAt: 0,
};

export const PREFS: PlannerPrefs = {
  timeZone: 'Europe/Berlin',
  hour12: false,
  languageTag: 'en',
  premiumLevel: 0,
  isDev: false,
};

// What the screens ask for on the side (profile, categories, suggestions, what is running).
const BACKGROUND: Answers = {
  GetUserProfile: () => ({ user: { options: { timezone: 'Europe/Berlin' } } }),
  GetCategories: () => ({ categories: [WORK] }),
  GuessTaskCategory: () => ({ suggestions: [] }),
  GetTimelineState: () => ({}),
};

/** The fake server's answers for this test; returns what the screens sent, in order. */
export function serve(answers: Answers): { method: MethodName; input: unknown }[] {
  const sent: { method: MethodName; input: unknown }[] = [];
  const all = { ...BACKGROUND, ...answers };
  call.mockReset();
  call.mockImplementation(async (method, input) => {
    sent.push({ method, input });
    const answer = all[method];
    if (!answer) throw new Error(`the fake server has no answer for ${method}`);
    return answer(input);
  });
  return sent;
}

/** The calls of one method the screens made. */
export function sentOf(sent: { method: MethodName; input: unknown }[], method: MethodName) {
  return sent.filter((s) => s.method === method).map((s) => s.input);
}

/**
 * jsdom has no matchMedia: answer as a desktop with a mouse, so MUI X renders its desktop pickers
 * (open buttons, no dialog on a tap) like the browser tests' desktop project.
 */
function emulateDesktopPointer(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('pointer: fine') || query.includes('hover: hover'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

/** Renders an editor at `route`, with the places it can leave to as plain pages. */
export function renderEditor(path: string, element: ReactElement, route: string) {
  initTestI18n();
  emulateDesktopPointer();
  if (!i18next.hasResourceBundle('en', 'editors')) {
    i18next.addResourceBundle('en', 'editors', editors);
    i18next.addResourceBundle('en', 'task-dialogs', taskDialogs);
  }
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/tasks" element={<p>Task list page</p>} />
        <Route path="/agenda" element={<p>Agenda page</p>} />
      </Routes>
      <ToastViewport />
    </>,
    { route },
  );
}

/** A dialog by its title. */
export function dialogNamed(name: string): HTMLElement {
  return screen.getByRole('dialog', { name });
}

export { buildTask } from '../../test/factories';
