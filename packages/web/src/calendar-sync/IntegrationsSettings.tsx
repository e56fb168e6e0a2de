import Divider from '@mui/material/Divider';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOAuthProviders } from '../login/social-sign-in';
import { AppleCalendarSettings } from './AppleCalendarSettings';
import { SettingsSection } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE } from './calendar-api';
import { CalDavSection } from './CalDavSection';
import { GoogleCalendarSection } from './GoogleCalendarSection';
import { IcsFeedSection } from './IcsFeedSection';

/** Where the onboarding's calendar step sends a person: /settings#integrations. */
export const INTEGRATIONS_HASH = '#integrations';

/**
 * Settings, Integrations: Google Calendar (only when the server has a Google client), CalDAV
 * accounts, the ICS feed, and the Apple calendar bind (native shell only).
 */
export function IntegrationsSettings() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const { google } = useOAuthProviders();
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash !== INTEGRATIONS_HASH) return undefined;
    // After the settings page's own scroll to the top (a parent's effect runs after this one).
    const frame = requestAnimationFrame(() => anchor.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
  return (
    <div ref={anchor} id="integrations" style={{ scrollMarginTop: 72 }}>
      <SettingsSection id="integrations" title={t('title')}>
        {google && (
          <>
            <GoogleCalendarSection />
            <Divider sx={{ my: 0.5 }} />
          </>
        )}
        <CalDavSection />
        <Divider sx={{ my: 0.5 }} />
        <IcsFeedSection />
        <AppleCalendarSettings />
      </SettingsSection>
    </div>
  );
}
