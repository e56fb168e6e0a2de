import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../agenda/test-support';
import settings from '../i18n/settings/en.json';
import { renderWithProviders } from '../test/render';
import { useOptionsEditor } from './options-api';
import SettingsPage from './SettingsPage';

const OPTIONS = {
  firstDayOfWeek: 'SUN',
  timezone: 'Europe/Berlin',
  autoIdleEnabled: true,
  autoIdleStart: 22 * 3_600_000,
  autoIdleEnd: 8 * 3_600_000,
  version: 3,
  taskNotificationEnabled: true,
  taskNotificationOffset: 0,
  locale: 'en',
  timeFormat: 'local',
};

type Input = { fields?: string[]; options?: Record<string, unknown>; keyword?: string };

function renderSettings(ui: ReactElement = <SettingsPage />, options: object = OPTIONS) {
  const server = stubServer({
    GetUserProfile: () => ({ user: { id: 'u1', options }, options }),
    UpdateUserOptions: (input) => ({ options: (input as Input).options }),
    GetTimelineState: () => ({}),
    QueryTerritories: (input) => {
      const keyword = (input as Input).keyword?.toLowerCase() ?? '';
      if (!keyword) return { territories: [{ type: 'FR', name: 'France' }] };
      return { territories: 'germany'.includes(keyword) ? [{ type: 'DE', name: 'Germany' }] : [] };
    },
    QueryTimeZones: () => ({
      timeZones: [{ type: 'DE', name: 'Europe/Berlin', description: 'Central European Time' }],
    }),
  });
  // jsdom has no scrolling.
  vi.stubGlobal('scrollTo', vi.fn());
  renderWithProviders(ui, { route: '/settings' });
  if (!i18next.hasResourceBundle('en', 'settings')) {
    i18next.addResourceBundle('en', 'settings', settings);
  }
  const updates = () =>
    server.calls.filter((c) => c.method === 'UpdateUserOptions').map((c) => c.input as Input);
  return { server, updates };
}

async function choose(setting: RegExp, option: RegExp) {
  await userEvent.click(await screen.findByRole('combobox', { name: setting }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the settings screen', () => {
  it('shows a change at once and sends it with its field and version 3', async () => {
    const { updates } = renderSettings();
    await choose(/^Clock/, /^24-hour/);
    // Shown at once, before the server has heard of it.
    expect(screen.getByRole('combobox', { name: /^Clock/ })).toHaveTextContent(/^24-hour/);
    await waitFor(() => expect(updates()).toHaveLength(1));
    const [update] = updates();
    expect(update?.fields).toEqual(['timeFormat']);
    expect(update?.options).toMatchObject({
      version: 3,
      timeFormat: '24-hour clock',
      timezone: 'Europe/Berlin',
    });
  });

  it('sends changes made in quick succession as one UpdateUserOptions naming both fields', async () => {
    // The two changes come from one handler, so no machine is slow enough to split them.
    function TwoChanges() {
      const { options, change } = useOptionsEditor();
      if (!options) return null;
      return (
        <button
          type="button"
          onClick={() => {
            change({ timeFormat: '24-hour clock' });
            change({ taskNotificationOffset: 600_000 });
          }}
        >
          Change both
        </button>
      );
    }
    const { updates } = renderSettings(<TwoChanges />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change both' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    const [update] = updates();
    expect(update?.fields).toEqual(['timeFormat', 'taskNotificationOffset']);
    expect(update?.options).toMatchObject({
      version: 3,
      timeFormat: '24-hour clock',
      taskNotificationOffset: 600_000,
    });
  });

  it('finds a zone through its territory, searching once the typing settles', async () => {
    const { server, updates } = renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: /Europe\/Berlin/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Country or region'), 'Germ');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Germany' }));
    const searches = server.calls.filter((c) => c.method === 'QueryTerritories');
    expect(searches.map((c) => (c.input as Input).keyword)).not.toContain('Ge');
    expect(searches.map((c) => (c.input as Input).keyword)).toContain('Germ');
    await userEvent.click(await within(dialog).findByRole('button', { name: /Europe\/Berlin/ }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.fields).toEqual(['timezone']);
  });

  it('never shows the quick control bar or calendar sync on the web', async () => {
    renderSettings();
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(screen.queryByText(/quick control/i)).toBeNull();
    expect(screen.queryByText(/calendar/i)).toBeNull();
  });
});

describe('the planning group', () => {
  const MINUTE = 60_000;
  const planning = () => within(screen.getByRole('region', { name: 'Planning' }));

  it('sends the chosen daily cap in ms under its own field, and No limit as 0', async () => {
    const { updates } = renderSettings();
    await choose(/^Task time per day/, /^6 hr$/);
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.fields).toEqual(['dailyTaskCap']);
    expect(updates()[0]?.options).toMatchObject({ version: 3, dailyTaskCap: 360 * MINUTE });
    await choose(/^Task time per day/, /^No limit$/);
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.fields).toEqual(['dailyTaskCap']);
    expect(updates()[1]?.options).toMatchObject({ dailyTaskCap: 0 });
  });

  it('says what the group does and sends the break between tasks in ms', async () => {
    const { updates } = renderSettings();
    await choose(/^Break between tasks/, /^10 min$/);
    expect(planning().getByText(/room to breathe/)).toBeVisible();
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.fields).toEqual(['taskBuffer']);
    expect(updates()[0]?.options).toMatchObject({ taskBuffer: 10 * MINUTE, dailyTaskCap: 0 });
  });

  it('shows a stored value that is not among the choices, in its place in the list', async () => {
    renderSettings(<SettingsPage />, {
      ...OPTIONS,
      taskBuffer: 7 * MINUTE,
      maxBlock: 100 * MINUTE,
    });
    const buffer = await screen.findByRole('combobox', { name: /^Break between tasks/ });
    expect(buffer).toHaveTextContent('7 min');
    expect(screen.getByRole('combobox', { name: /^Longest block/ })).toHaveTextContent(
      '1 hr 40 min',
    );
    await userEvent.click(buffer);
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(['Off', '5 min', '7 min', '10 min', '15 min', '20 min', '30 min']);
  });

  it('offers no longest block shorter than the shortest block, and says why', async () => {
    const { updates } = renderSettings(<SettingsPage />, { ...OPTIONS, minBlock: 45 * MINUTE });
    await screen.findByRole('region', { name: 'Planning' });
    expect(planning().getByText('At least the shortest block (45 min)')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: /^Longest block/ }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(['No limit', '45 min', '1 hr', '1 hr 30 min', '2 hr', '3 hr']);
    await userEvent.click(screen.getByRole('option', { name: '1 hr' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.fields).toEqual(['maxBlock']);
    expect(updates()[0]?.options).toMatchObject({ minBlock: 45 * MINUTE, maxBlock: 60 * MINUTE });
    // Now the shortest block offers nothing above the longest.
    expect(planning().getByText('No longer than the longest block (1 hr)')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: /^Shortest block/ }));
    const shortest = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(shortest).toEqual(['Off', '15 min', '20 min', '25 min', '30 min', '45 min', '1 hr']);
  });
});
