import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../components/ActionDialog';
import { SettingRow } from '../components/SettingsSection';
import { CALENDAR_SYNC_NAMESPACE } from './calendar-api';
import { CalDavAccountDialog, CalDavPasswordDialog } from './CalDavAccountDialog';
import { CalDavAccountRow } from './CalDavAccountRow';
import { hostOf } from './caldav-host';
import { CalendarSelectionDialog } from './CalendarSelectionDialog';
import { useCalDavSection } from './use-caldav-accounts';

/** CalDAV accounts in Settings: add, choose busy and publish calendars, sync, remove. */
export function CalDavSection() {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const section = useCalDavSection();
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <div data-testid="caldav-accounts">
      <SettingRow label={t('caldav.title')} hint={t('caldav.hint')}>
        {() => (
          <Button
            ref={addButton}
            variant="outlined"
            onClick={() => section.setOpen({ kind: 'add' })}
          >
            {t('caldav.add')}
          </Button>
        )}
      </SettingRow>
      {section.accounts.map((account) => (
        <CalDavAccountRow
          key={account.id}
          account={account}
          onOpen={section.setOpen}
          onSync={() => void section.sync(account)}
          isSyncing={section.isSyncing(account.id)}
        />
      ))}
      <CalDavDialogs section={section} focusAfterRemove={() => addButton.current} />
    </div>
  );
}

/** The dialog open over the section: add, choose calendars, new password, remove. */
function CalDavDialogs({
  section,
  focusAfterRemove,
}: {
  section: ReturnType<typeof useCalDavSection>;
  /** The removed account's row is gone: the focus goes to Add. */
  focusAfterRemove: () => HTMLElement | null;
}) {
  const { t } = useTranslation(CALENDAR_SYNC_NAMESPACE);
  const { open, setOpen } = section;
  const close = () => setOpen(null);
  return (
    <>
      {open?.kind === 'add' && (
        <CalDavAccountDialog
          onClose={close}
          onAdded={(account) => {
            section.remember(account);
            // Straight on to the choice of calendars; cancelling it keeps the account unsynced.
            setOpen({ kind: 'select', account });
          }}
        />
      )}
      {open?.kind === 'select' && (
        <CalendarSelectionDialog
          title={t('selection.caldavTitle', { server: hostOf(open.account.serverUrl) })}
          entries={open.account.calendars}
          allowPublish
          confirmLabel={t('selection.saveAndSync')}
          onConfirm={(calendars) => section.saveSelection(open.account, calendars)}
          onCancel={close}
          testId="calendar-selection-dialog"
        />
      )}
      {open?.kind === 'password' && (
        <CalDavPasswordDialog
          account={open.account}
          onClose={close}
          onSaved={(account) => {
            section.remember(account);
            close();
            void section.sync(account);
          }}
        />
      )}
      <ActionDialog
        open={open?.kind === 'remove'}
        title={t('caldav.removeTitle')}
        confirmLabel={t('caldav.remove')}
        cancelLabel={t('actions.cancel')}
        isDestructive
        onConfirm={() =>
          open?.kind === 'remove' ? section.remove(open.account) : Promise.resolve()
        }
        onClose={close}
        focusAfterClose={focusAfterRemove}
        testId="caldav-remove-dialog"
      >
        <Typography>{t('caldav.removeText')}</Typography>
      </ActionDialog>
    </>
  );
}
