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

function renderSettings(ui: ReactElement = <SettingsPage />) {
  const server = stubServer({
    GetUserProfile: () => ({ user: { id: 'u1', options: OPTIONS }, options: OPTIONS }),
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
