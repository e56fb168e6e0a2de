import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfile } from '../api/profile';
import { logOut } from '../api/sign-out';

interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu itself; loaded on first open (see UserMenu). */
export default function UserMenuPopup({ id, anchor, onClose }: UserMenuPopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useProfile().data?.user;
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
    >
      {/* Who is signed in, as the Account item's words: a menu holds only items (ARIA). */}
      <MenuItem
        onClick={() => {
          onClose();
          navigate('/account');
        }}
      >
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t('nav.account')}
          secondary={[user?.name, user?.email].filter(Boolean).join(' · ')}
          slotProps={{ secondary: { noWrap: true } }}
        />
      </MenuItem>
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void logOut();
        }}
        data-testid="log-out"
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        {t('account.logOut')}
      </MenuItem>
    </Menu>
  );
}
