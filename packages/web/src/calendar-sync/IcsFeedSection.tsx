import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { SettingRow } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE, useIcsFeed } from './calendar-api';
import { icsToast, useIcsFeedActions } from './use-ics-feed-actions';

type IcsQuestion = 'regenerate' | 'revoke' | null;

/** The feed's address, with copy, regenerate and revoke below it. */
function IcsFeedAddress({
  url,
  onCopy,
  onAsk,
}: {
  url: string;
  onCopy: () => void;
  onAsk: (question: IcsQuestion) => void;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  return (
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
        <Button variant="contained" onClick={onCopy}>
          {t('ics.copy')}
        </Button>
        <Button onClick={() => onAsk('regenerate')}>{t('ics.regenerate')}</Button>
        <Button color="error" onClick={() => onAsk('revoke')}>
          {t('ics.revoke')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The plan as an ICS feed at a secret address any calendar app can subscribe to: create, copy,
 * regenerate (the old address stops working) and revoke, each of the last two after a question.
 */
export function IcsFeedSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const url = useIcsFeed().data ?? '';
  const { create, revoke, copy } = useIcsFeedActions(url);
  const [isBusy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<IcsQuestion>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  return (
    <div data-testid="ics-feed">
      <SettingRow label={t('ics.title')} hint={t('ics.hint')}>
        {() =>
          !url && (
            <Button
              ref={createButton}
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
      {url && <IcsFeedAddress url={url} onCopy={() => void copy()} onAsk={setConfirming} />}
      <ActionDialog
        open={confirming !== null}
        title={t(confirming === 'revoke' ? 'ics.revokeTitle' : 'ics.regenerateTitle')}
        confirmLabel={t(confirming === 'revoke' ? 'ics.revoke' : 'ics.regenerate')}
        cancelLabel={t('actions.cancel')}
        isDestructive
        onConfirm={async () => {
          if (confirming === 'revoke') return revoke();
          const made = await create();
          if (made) icsToast('ics.regenerated');
          return made;
        }}
        onClose={() => setConfirming(null)}
        // Turned off, the address and its buttons are gone: the focus goes to Create.
        focusAfterClose={() => createButton.current}
        testId="ics-confirm-dialog"
      >
        <Typography>
          {t(confirming === 'revoke' ? 'ics.revokeText' : 'ics.regenerateText')}
        </Typography>
      </ActionDialog>
    </div>
  );
}
