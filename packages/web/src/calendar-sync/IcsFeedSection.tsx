import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as serverApi from './calendar-calls';
import { ActionDialog } from '../components/ActionDialog';
import { showToast } from '../components/toast-store';
import { SettingRow } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE, icsFeedKey, showCalendarError, useIcsFeed } from './calendar-api';

const toast = (key: string) =>
  showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:${key}`, severity: 'success' });

/**
 * The plan as an ICS feed at a secret address any calendar app can subscribe to: create, copy,
 * regenerate (the old address stops working) and revoke, each of the last two after a question.
 */
export function IcsFeedSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const client = useQueryClient();
  const url = useIcsFeed().data ?? '';
  const [isBusy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);

  const create = async (): Promise<boolean> => {
    try {
      const answer = await serverApi.createIcsFeed();
      client.setQueryData(icsFeedKey, answer.url);
      return true;
    } catch (error) {
      showCalendarError(error);
      return false;
    }
  };
  const revoke = async (): Promise<boolean> => {
    try {
      await serverApi.revokeIcsFeed();
      client.setQueryData(icsFeedKey, '');
      toast('ics.revoked');
      return true;
    } catch (error) {
      showCalendarError(error);
      return false;
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast('ics.copied');
    } catch {
      showToast({ key: `${CALENDAR_SYNC_NAMESPACE}:ics.copyFailed`, severity: 'error' });
    }
  };

  return (
    <div data-testid="ics-feed">
      <SettingRow label={t('ics.title')} hint={t('ics.hint')}>
        {() =>
          !url && (
            <Button
              variant="outlined"
              disabled={isBusy}
              onClick={() => {
                setBusy(true);
                void create().finally(() => setBusy(false));
              }}
            >
              {t('ics.create')}
            </Button>
          )
        }
      </SettingRow>
      {url && (
        <Box sx={{ px: 3, pb: 1, display: 'grid', gap: 1 }}>
          <TextField
            size="small"
            label={t('ics.url')}
            value={url}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'ics-url' },
            }}
            onFocus={(event) => event.target.select()}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void copy()}>
              {t('ics.copy')}
            </Button>
            <Button onClick={() => setConfirming('regenerate')}>{t('ics.regenerate')}</Button>
            <Button color="error" onClick={() => setConfirming('revoke')}>
              {t('ics.revoke')}
            </Button>
          </Box>
        </Box>
      )}
      <ActionDialog
        open={confirming !== null}
        title={t(confirming === 'revoke' ? 'ics.revokeTitle' : 'ics.regenerateTitle')}
        confirmLabel={t(confirming === 'revoke' ? 'ics.revoke' : 'ics.regenerate')}
        cancelLabel={t('actions.cancel')}
        isDestructive
        onConfirm={async () => {
          if (confirming === 'revoke') return revoke();
          const made = await create();
          if (made) toast('ics.regenerated');
          return made;
        }}
        onClose={() => setConfirming(null)}
        testId="ics-confirm-dialog"
      >
        <Typography>
          {t(confirming === 'revoke' ? 'ics.revokeText' : 'ics.regenerateText')}
        </Typography>
      </ActionDialog>
    </div>
  );
}
