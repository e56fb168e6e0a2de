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
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledMenu } from '../../components/TitledMenu';
import { useBlockWhy, type BlockWhyInput } from '../changes/use-block-why';
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
  /**
   * What the line above the actions, on why the block sits where it is, is worked out from (a
   * task block still ahead); none for no line.
   */
  why?: BlockWhyInput | null;
  onChoose: (action: BlockAction) => void;
  onClose: () => void;
}

/** The actions of a block, opened by a click, Enter or Space on it. */
export function BlockMenu({
  anchor,
  title,
  actions,
  why: whyInput,
  onChoose,
  onClose,
}: BlockMenuProps) {
  const why = useBlockWhy(whyInput);
  const { t } = useTranslation('agenda');
  return (
    <TitledMenu
      anchor={anchor}
      title={title}
      onClose={onClose}
      description={
        why && (
          <Box
            data-testid="block-why"
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', color: 'text.secondary' }}
          >
            <InfoIcon fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
            <Typography variant="body2">{why}</Typography>
          </Box>
        )
      }
    >
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
