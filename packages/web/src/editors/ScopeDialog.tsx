import type { RecurrenceScope } from '@planner/core';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ScopeDialogProps {
  open: boolean;
  action: 'update' | 'delete';
  /** The scopes offered, in order (core's offeredScopes for events). */
  scopes: readonly RecurrenceScope[];
  onChoose: (scope: RecurrenceScope) => void;
  onCancel: () => void;
  /** What the change is, above the choices (a drag names where the item moves). */
  description?: ReactNode;
}

const SCOPE_KEYS: Readonly<Record<RecurrenceScope, string>> = {
  0: 'scope.this',
  1: 'scope.following',
  2: 'scope.all',
};

/** Which occurrences of a recurring item a change or delete covers. */
export function ScopeDialog({
  open,
  action,
  scopes,
  onChoose,
  onCancel,
  description,
}: ScopeDialogProps) {
  const { t } = useTranslation('editors');
  const titleId = useId();
  const [scope, setScope] = useState<RecurrenceScope>(scopes[0] ?? 0);
  useEffect(() => {
    if (open) setScope(scopes[0] ?? 0);
  }, [open, scopes]);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {t(action === 'delete' ? 'scope.deleteTitle' : 'scope.updateTitle')}
      </DialogTitle>
      <DialogContent>
        {description && <DialogContentText sx={{ mb: 1 }}>{description}</DialogContentText>}
        <RadioGroup
          value={String(scope)}
          onChange={(event) => {
            const chosen = scopes.find((s) => String(s) === event.target.value);
            if (chosen !== undefined) setScope(chosen);
          }}
        >
          {scopes.map((s) => (
            <FormControlLabel
              key={s}
              value={String(s)}
              control={<Radio />}
              label={t(SCOPE_KEYS[s])}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disableElevation
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={() => onChoose(scope)}
        >
          {t(action === 'delete' ? 'common.delete' : 'common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
