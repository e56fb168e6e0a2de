import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openDialog } from '../dialogs/dialog-store';
import { reminderRoute } from '../routes';
import type { WireReminder } from '../types';
import type { MenuAnchor } from './menu-anchor';

/** A reminder's menu: postpone or edit. */
export function ReminderMenu({
  anchor,
  reminder,
  onClose,
}: {
  anchor: MenuAnchor;
  reminder: WireReminder;
  onClose: () => void;
}) {
  const { t } = useTranslation('agenda');
  const navigate = useNavigate();
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      <MenuItem
        onClick={() => {
          onClose();
          openDialog({ kind: 'postpone', reminder });
        }}
      >
        <ListItemText>{t('reminders.postpone')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          navigate(reminderRoute(reminder));
        }}
      >
        <ListItemText>{t('reminders.edit')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
