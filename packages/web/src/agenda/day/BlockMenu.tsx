import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditCalendarIcon from '@mui/icons-material/EditCalendarOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import QueueIcon from '@mui/icons-material/QueuePlayNextOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledMenu } from '../../components/TitledMenu';
import type { BlockAction } from '../model/block-actions';
import type { MenuAnchor } from './menu-anchor';

const ICONS: Record<BlockAction, ReactElement> = {
  openTask: <OpenInNewIcon fontSize="small" />,
  openEvent: <EventIcon fontSize="small" />,
  doItNow: <PlayArrowIcon fontSize="small" />,
  doItAfter: <QueueIcon fontSize="small" />,
  markDone: <CheckCircleIcon fontSize="small" />,
  reopen: <ReplayIcon fontSize="small" />,
  dueStatus: <FlagIcon fontSize="small" />,
  editTime: <EditCalendarIcon fontSize="small" />,
  unlock: <LockOpenIcon fontSize="small" />,
  deleteRecord: <DeleteIcon fontSize="small" />,
  upgrade: <WorkspacePremiumIcon fontSize="small" />,
};

export interface BlockMenuProps {
  anchor: MenuAnchor | null;
  title: string;
  actions: readonly BlockAction[];
  /** Why the block sits where it is (a task block still ahead); shown above the actions. */
  why?: string | null;
  onChoose: (action: BlockAction) => void;
  onClose: () => void;
}

/** The actions of a block, opened by a click, Enter or Space on it. */
export function BlockMenu({ anchor, title, actions, why, onChoose, onClose }: BlockMenuProps) {
  const { t } = useTranslation('agenda');
  return (
    <TitledMenu anchor={anchor} title={title} onClose={onClose}>
      {why && (
        // A menu holds only items: the explanation is one that does nothing, skipped by the
        // arrow keys, and drawn as text rather than greyed out.
        <MenuItem
          disabled
          data-testid="block-why"
          sx={{
            alignItems: 'flex-start',
            whiteSpace: 'normal',
            '&.Mui-disabled': { opacity: 1 },
            color: 'text.secondary',
          }}
        >
          <ListItemIcon sx={{ mt: 0.25 }}>
            <InfoIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText slotProps={{ primary: { variant: 'body2' } }}>{why}</ListItemText>
        </MenuItem>
      )}
      {actions.map((action) => (
        <MenuItem
          key={action}
          onClick={() => {
            onClose();
            onChoose(action);
          }}
        >
          <ListItemIcon>{ICONS[action]}</ListItemIcon>
          <ListItemText>{t(`actions.${action}`)}</ListItemText>
        </MenuItem>
      ))}
    </TitledMenu>
  );
}
