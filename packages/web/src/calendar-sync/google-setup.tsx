import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentApiBase } from '../api/api-base';

import { reportFrontendError } from '../app-status/report-errors';
import { showToast } from '../components/toast-store';
import { OAuthError, OAUTH_BUSY, OAUTH_CANCELLED } from '../bridge/oauth-popup';
import {
  CALENDAR_SYNC_NAMESPACE,
  googleStatusKey,
  refreshTimeline,
  showCalendarError,
  withSlowSyncToast,
  type CalendarEntry,
} from './calendar-api';
import {
  getGoogleCalendarSyncOptions,
  prepareGoogleCalendarSync,
  saveGoogleCalendarsAndSync,
} from './calendar-calls';
import { CalendarSelectionDialog } from './CalendarSelectionDialog';
import { askGoogleCalendarConsent } from '../bridge/google-consent';
import { getBridge, isNativeShell } from '../bridge/bridge';
import { noteGoogleSync } from './use-google-sync';

export interface GoogleSetup {
  /** Runs the whole setup: consent popup, prepare, selection, save and sync. Call from a click. */
  connect: () => void;
  /** The selection again (already connected), then save and sync. */
  chooseCalendars: () => void;
  isBusy: boolean;
  /** The selection dialog while it is open; render it somewhere. */
  dialog: ReactNode;
}

/**
 * Asks Google for the calendar grant. The popup opens first thing in the click (browsers let only
 * a click open a window); a shell runs the consent in the system browser instead.
 */
function askConsent() {
  return isNativeShell()
    ? getBridge().then((bridge) => bridge.googleCalendarConsent())
    : askGoogleCalendarConsent(currentApiBase());
}

/** A failed consent or prepare: nothing when the person closed the popup, else a toast. */
function showSetupError(error: unknown) {
  if (!(error instanceof OAuthError)) {
    showCalendarError(error);
    return;
  }
  if (error.message === OAUTH_CANCELLED) return;
  const key = error.message === OAUTH_BUSY ? 'errors.consentBusy' : 'errors.consentFailed';
  showToast({
    key: `${CALENDAR_SYNC_NAMESPACE}:${key}`,
    values: { message: error.message },
    severity: 'error',
  });
  reportFrontendError(error);
}

/** Saves the chosen calendars and syncs them; the sync's time and toast when it ran. */
async function saveAndSync(client: ReturnType<typeof useQueryClient>, chosen: CalendarEntry[]) {
  const [, result] = await withSlowSyncToast(saveGoogleCalendarsAndSync(chosen));
  // syncedAt 0: Google refused the grant; the status (read again after) says so.
  noteGoogleSync(client, result.syncedAt);
}

/**
 * Google calendar setup (spec): the authorization code leads to PrepareGoogleCalendarSync, the
 * calendar selection, then UpdateGoogleCalendarSyncOptions and SyncGoogleCalendar chained. A
 * consent or prepare failure is a toast and aborts; cancelling the selection aborts silently.
 */
export function useGoogleSetup(onDone?: () => void): GoogleSetup {
  const client = useQueryClient();
  const selection = useGoogleSelection(onDone);
  const [isBusy, setBusy] = useState(false);

  /** Runs `work` unless a step is already running, busy until it settles. */
  const whileBusy = (work: () => Promise<void>) => {
    if (isBusy) return;
    setBusy(true);
    void work().finally(() => setBusy(false));
  };

  const connect = () => {
    if (isBusy) return;
    const consent = askConsent();
    whileBusy(async () => {
      try {
        const { code, redirectUri } = await consent;
        await prepareGoogleCalendarSync({ authorizationCode: code, redirectUri });
        await client.invalidateQueries({ queryKey: googleStatusKey });
        await selection.open();
      } catch (error) {
        showSetupError(error);
      }
    });
  };

  const chooseCalendars = () => whileBusy(() => selection.open().catch(showCalendarError));

  return { connect, chooseCalendars, isBusy, dialog: selection.dialog };
}

/** The calendar selection: opened with Google's calendars, saved with a sync, or cancelled. */
function useGoogleSelection(onDone: (() => void) | undefined) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const [entries, setEntries] = useState<CalendarEntry[] | null>(null);

  const refreshStatus = () => client.invalidateQueries({ queryKey: googleStatusKey });

  const open = async () => {
    const answer = await getGoogleCalendarSyncOptions();
    setEntries(answer.options?.entryOptions ?? []);
  };

  const save = async (chosen: CalendarEntry[]) => {
    try {
      await saveAndSync(client, chosen);
      setEntries(null);
      onDone?.();
      await Promise.all([refreshStatus(), refreshTimeline(client)]);
    } catch (error) {
      showCalendarError(error);
      await refreshStatus();
    }
  };

  const dialog = entries && (
    <CalendarSelectionDialog
      title={t('selection.googleTitle')}
      entries={entries}
      confirmLabel={t('selection.saveAndSync')}
      onConfirm={save}
      onCancel={() => setEntries(null)}
      testId="calendar-selection-dialog"
    />
  );
  return { open, dialog };
}
