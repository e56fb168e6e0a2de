import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EditorActionsProps {
  /** Actions before Delete (the reminder's star). */
  leading?: ReactNode;
  /** Delete, for an item that exists; absent for a new one. */
  onDelete?: () => void;
  /** Delete waits while a save is on its way (the event screen). */
  isDeleteDisabled?: boolean;
  onSave: () => void;
  isSaving: boolean;
}

/** The end of an editor's top bar, the same on the task, event and reminder screens. */
export function EditorActions(props: EditorActionsProps) {
  const { t } = useTranslation('editors');
  return (
    <>
      {props.leading}
      {props.onDelete && (
        <Tooltip title={t('common.delete')}>
          <IconButton
            aria-label={t('common.delete')}
            onClick={props.onDelete}
            disabled={props.isDeleteDisabled}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
      <Button variant="contained" disableElevation onClick={props.onSave} disabled={props.isSaving}>
        {t('common.save')}
      </Button>
    </>
  );
}
