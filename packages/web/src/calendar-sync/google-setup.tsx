import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentApiBase } from '../api/api-base';

import { reportFrontendError } from '../app-status/report-errors';
import { showToast } from '../components/toast-store';
import { OAuthError, OAUTH_BUSY, OAUTH_CANCELLED } from '../bridge/oauth-popup';
import {
  CALENDAR_SYNC_NAMESPACE,
  googleLastSyncKey,
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
 * Google calendar setup (spec): the authorization code leads to PrepareGoogleCalendarSync, the
 * calendar selection, then UpdateGoogleCalendarSyncOptions and SyncGoogleCalendar chained. A
 * consent or prepare failure is a toast and aborts; cancelling the selection aborts silently.
 */
export function useGoogleSetup(onDone?: () => void): GoogleSetup {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const [entries, setEntries] = useState<CalendarEntry[] | null>(null);
  const [isBusy, setBusy] = useState(false);

  const refreshStatus = () => client.invalidateQueries({ queryKey: googleStatusKey });

  const openSelection = async () => {
    const answer = await getGoogleCalendarSyncOptions();
    setEntries(answer.options?.entryOptions ?? []);
  };

  const connect = () => {
    if (isBusy) return;
    // The popup opens first thing in the click (browsers let only a click open a window); a
    // shell runs the consent in the system browser instead.
    const consent = isNativeShell()
      ? getBridge().then((bridge) => bridge.googleCalendarConsent())
      : askGoogleCalendarConsent(currentApiBase());
    setBusy(true);
    void (async () => {
      try {
        const { code, redirectUri } = await consent;
        await prepareGoogleCalendarSync({ authorizationCode: code, redirectUri });
        await refreshStatus();
        await openSelection();
      } catch (error) {
        if (error instanceof OAuthError) {
          if (error.message === OAUTH_CANCELLED) return;
          const key = error.message === OAUTH_BUSY ? 'errors.consentBusy' : 'errors.consentFailed';
          showToast({
            key: `${CALENDAR_SYNC_NAMESPACE}:${key}`,
            values: { message: error.message },
            severity: 'error',
          });
          reportFrontendError(error);
        } else {
          showCalendarError(error);
        }
      } finally {
        setBusy(false);
      }
    })();
  };

  const chooseCalendars = () => {
    if (isBusy) return;
    setBusy(true);
    openSelection()
      .catch(showCalendarError)
      .finally(() => setBusy(false));
  };

  const save = async (chosen: CalendarEntry[]) => {
    try {
      const [, result] = await withSlowSyncToast(saveGoogleCalendarsAndSync(chosen));
      setEntries(null);
      // syncedAt 0: Google refused the grant; the status (read again below) says so.
      if (result.syncedAt) {
        client.setQueryData(googleLastSyncKey, result.syncedAt);
        showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:messages.synced`, severity: 'success' });
      }
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
  return { connect, chooseCalendars, isBusy, dialog };
}
