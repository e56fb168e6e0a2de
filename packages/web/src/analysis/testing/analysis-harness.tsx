import { MINUTE_MS } from '@planner/core';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import type { Mock } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { recordClockSample } from '../../api/server-clock';
import analysis from '../../i18n/analysis/en.json';
import editors from '../../i18n/editors/en.json';
import estimates from '../../i18n/estimates/en.json';
import share from '../../i18n/share/en.json';
import { initTestI18n, renderWithProviders } from '../../test/render';
import AnalysisDetailPage from '../AnalysisDetailPage';
import AnalysisListPage from '../AnalysisListPage';
import CustomAnalysisPage from '../CustomAnalysisPage';

// The analysis screens against a stand-in server (the api client's `call`), with the walk's
// account: Europe/Berlin, weeks from Monday, a device clock a month ahead of the server's.

export const ZONE = 'Europe/Berlin';
/** The device's clock: Sun 29 Nov 2026, 13:00 in Berlin. */
export const DEVICE_NOW = Date.UTC(2026, 10, 29, 12);
/** The server's clock: Mon 26 Oct 2026, 09:00 in Berlin (CET since the 25th). */
export const SERVER_NOW = Date.UTC(2026, 9, 26, 8);

/** A local midnight in Berlin (October 2026, after the change: UTC+1; before the 25th: UTC+2). */
export function berlinMidnight(month: number, day: number): number {
  const isSummer = month < 9 || (month === 9 && day <= 25);
  return Date.UTC(2026, month, day) - (isSummer ? 2 : 1) * 60 * MINUTE_MS;
}

export interface Period {
  start: number;
  end: number;
}

export interface FakeAccount {
  createdAt: number;
  premiumLevel?: number;
  firstDayOfWeek?: string;
  /** The categories' minutes in a period. */
  minutesOf: (period: Period) => Partial<Record<string, number>>;
}

export const CATEGORIES = [
  { id: 'work', title: 'Work', color: 'Blue-500', icon: '' },
  { id: 'personal', title: 'Personal', color: 'Green-500', icon: '' },
  { id: 'health', title: 'Health', color: 'Red-500', icon: '' },
  { id: 'study', title: 'Study', color: 'Purple-500', icon: '' },
];

/** The device's clock is fixed at DEVICE_NOW; the server's measured one at SERVER_NOW. */
export function setClocks(): void {
  recordClockSample({ sentAt: DEVICE_NOW, receivedAt: DEVICE_NOW, serverTime: SERVER_NOW });
}

export function serveAccount(call: Mock, account: FakeAccount): void {
  call.mockImplementation(async (method: string, input: unknown) => {
    if (method === 'GetUserProfile') {
      const options = {
        timezone: ZONE,
        firstDayOfWeek: account.firstDayOfWeek ?? 'MON',
        timeFormat: '24-hour clock',
      };
      return {
        user: {
          id: 'u1',
          name: 'Mara',
          createdAt: account.createdAt,
          premiumLevel: account.premiumLevel ?? 0,
          activeReferralCount: 0,
          isReferred: false,
          options,
        },
        options,
      };
    }
    if (method === 'GetCategories') return { categories: CATEGORIES };
    if (method === 'GetEstimateAccuracy') return { categories: [] };
    if (method === 'GetTimeStatistics') {
      const { points } = input as { points: Period[] };
      return {
        points: points.map((period) => {
          const minutes = account.minutesOf(period);
          const categories = Object.fromEntries(
            Object.entries(minutes).map(([id, m]) => [id, (m ?? 0) * MINUTE_MS]),
          );
          const sum = Object.values(categories).reduce((a, b) => a + b, 0);
          return { ...period, categories, tasks: {}, events: {}, sum };
        }),
      };
    }
    return {};
  });
}

/** The calls of one method, in order. */
export function callsOf(call: Mock, method: string): unknown[] {
  return call.mock.calls.filter(([m]) => m === method).map(([, input]) => input);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function currentAddress(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The three analysis routes, as the app has them, opened at `route`. */
export function renderAnalysis(route: string) {
  initTestI18n();
  for (const [ns, bundle] of Object.entries({ analysis, editors, estimates, share })) {
    if (!i18next.hasResourceBundle('en', ns)) i18next.addResourceBundle('en', ns, bundle);
  }
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/analysis/custom" element={<CustomAnalysisPage />} />
        <Route path="/analysis/:view?" element={<AnalysisListPage />} />
        <Route
          path="/analysis/:frequency/:startBase32/:endBase32"
          element={<AnalysisDetailPage />}
        />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}
